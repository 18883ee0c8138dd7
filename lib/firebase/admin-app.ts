import "server-only";
import { cert, getApps, initializeApp, type App } from "firebase-admin/app";
import type { ServerEnv } from "@/lib/env";

/**
 * The process's firebase-admin app: from the service account in the
 * environment, or bare for the emulators (the SDK itself reads
 * FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST). The Firestore
 * store and the session check share it.
 */
export function adminApp(env: ServerEnv): App {
  const existing = getApps().find((app) => app.name === "[DEFAULT]");
  if (existing) return existing;
  if (env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY) {
    return initializeApp({
      credential: cert({
        projectId: env.FIREBASE_PROJECT_ID,
        clientEmail: env.FIREBASE_CLIENT_EMAIL,
        privateKey: env.FIREBASE_PRIVATE_KEY,
      }),
      projectId: env.FIREBASE_PROJECT_ID,
    });
  }
  return initializeApp({ projectId: env.FIREBASE_PROJECT_ID ?? "demo-storefront" });
}
