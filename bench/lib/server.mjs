// The bench's shop: scripts/lib/local-shop.mjs's (started as
// `npm run start:local` starts it, on its own port and a fresh data folder)
// with the bench's place as defaults.
//
// With `firestoreHost` the same shop runs on the Firestore emulator at that
// host instead of SQLite (seeded with the demo catalogue when empty, built
// against it): the production backend. Several shops may share one emulator
// (one database, several instances, as on Vercel); give them one
// `nextauthSecret` so a session made by one is valid on the others, and one
// `distDir` so they serve the same build.
import { startLocalShop } from "../../scripts/lib/local-shop.mjs";

/** The environment that puts a shop on the Firestore emulator at `host` (demo- project: emulators only). */
export const firestoreEnv = (host) => ({
  STORE_BACKEND: "firestore",
  FIRESTORE_EMULATOR_HOST: host,
  FIREBASE_PROJECT_ID: "demo-storefront",
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-storefront",
});

export async function startShop({
  port = 3700,
  authPort = 9799,
  distDir = ".next-bench",
  firestoreHost,
  nextauthSecret,
  env = {},
} = {}) {
  const shop = await startLocalShop({
    port,
    authPort,
    distDir,
    // --firestore: local mode's production-like switch; it uses the emulator
    // FIRESTORE_EMULATOR_HOST names (ours, shared by every instance).
    flags: firestoreHost ? ["--firestore"] : [],
    env: {
      ...(firestoreHost && firestoreEnv(firestoreHost)),
      ...(nextauthSecret && { NEXTAUTH_SECRET: nextauthSecret }),
      ...env,
    },
  });
  return { ...shop, backend: firestoreHost ? "firestore" : "sqlite" };
}
