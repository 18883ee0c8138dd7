/**
 * Browser-visible configuration. Next inlines each `process.env.NEXT_PUBLIC_*`
 * reference at build time, so they must be spelled out literally here. The
 * defaults point at the Firebase Auth emulator's demo project, which needs no
 * account and no network.
 */
const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || "demo-storefront";

export const publicEnv = {
  firebase: {
    // The emulators accept any key; a production build without a real one is refused (lib/env-production.ts, LOCAL_API_KEY).
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || "demo-api-key",
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
  },
  /**
   * host:port of the Auth emulator, or "" for real Firebase Auth. A `demo-`
   * project exists only in the emulators (Firebase's convention), so it
   * defaults to the local emulator; a real project never does by accident.
   */
  authEmulatorHost: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || (projectId.startsWith("demo-") ? "127.0.0.1:9099" : ""),
} as const;
