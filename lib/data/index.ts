/**
 * THE door to storage: the only file that knows which backend runs. Everything
 * else asks getStore() for the `Store` contract and never branches on backend.
 */
import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import type { FirestoreStoreOptions } from "./firestore/context";
import type { Store } from "./contract/store";

export type BackendChoice = { kind: "sqlite"; path: string } | { kind: "firestore"; projectId: string | undefined };

/** Firestore when a Firebase project is configured (or forced), SQLite otherwise. */
export function chooseBackend(env: ServerEnv): BackendChoice {
  const firebaseConfigured = Boolean(env.FIRESTORE_EMULATOR_HOST || env.FIREBASE_CLIENT_EMAIL);
  const kind = env.STORE_BACKEND ?? (firebaseConfigured ? "firestore" : "sqlite");
  if (kind === "firestore") return { kind, projectId: env.FIREBASE_PROJECT_ID };
  if (env.VERCEL) {
    // A serverless file system is per instance and thrown away: data would vanish.
    throw new Error(
      env.STORE_BACKEND === "sqlite"
        ? "The embedded SQLite store cannot run on Vercel: remove STORE_BACKEND=sqlite."
        : "The embedded SQLite store cannot run on Vercel. Set FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY.",
    );
  }
  return { kind, path: env.SQLITE_PATH };
}

/**
 * How long one Firestore call may take while `next build` prerenders: no
 * shopper waits on a build, and a large catalogue's ordered queries and counts
 * can take seconds (on the emulator, 1-10 s at 50,000 products). Well under the
 * 54 s Next gives a 'use cache' entry to fill while prerendering (0.9 of its
 * 60 s per page), so a cached read of two calls still fits. Serving, the
 * store's own 10 s holds.
 */
export const BUILD_DEADLINE_MS = 20_000;

/** The Firestore store's options for this run: the longer deadline only while `next build` runs. */
export function firestoreOptionsFor(env: ServerEnv): FirestoreStoreOptions {
  return env.NEXT_PHASE === "phase-production-build" ? { deadlineMs: BUILD_DEADLINE_MS } : {};
}

async function openStore(choice: BackendChoice, env: ServerEnv): Promise<Store> {
  if (choice.kind === "sqlite") {
    const { openSqliteStore } = await import("./sqlite/store");
    return openSqliteStore(choice.path);
  }
  const [{ createFirestoreStore }, { firestoreFromEnv }] = await Promise.all([import("./firestore/store"), import("./firestore/connect")]);
  return createFirestoreStore(firestoreFromEnv(env), firestoreOptionsFor(env));
}

/** The process's one store (lib/process-singleton.ts: a write in a server action must reach the listeners of the events route). */
export function getStore(): Promise<Store> {
  return processSingleton("store", () => {
    const env = serverEnv();
    return openStore(chooseBackend(env), env);
  });
}
