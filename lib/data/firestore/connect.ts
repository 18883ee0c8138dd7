import { cert, getApps, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import type { ServerEnv } from "@/lib/env";

/**
 * The firebase-admin app, from a service account in the environment, or bare
 * against the emulator (FIRESTORE_EMULATOR_HOST, read by the SDK itself).
 * Auth (lib/auth) reuses the same app.
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

export function firestoreFromEnv(env: ServerEnv): Firestore {
  const db = getFirestore(adminApp(env));
  // Some legacy documents hold undefined-valued fields from the original app;
  // ignoring them on write keeps a stray undefined from failing a whole batch.
  try {
    db.settings({ ignoreUndefinedProperties: true });
  } catch {
    // settings() may only be called once per instance; a second call is harmless to skip.
  }
  return db;
}
