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
//
// Every bench shop but the abuse section's (which sets 1: bench/abuse.mjs)
// runs its rate limits x1000: a load generator is one address sending far
// more than any person, and the throughput sections measure the shop, not
// its refusals (lib/security/rate-limit.ts).
//
// `flags` go to scripts/local.mjs (e.g. --no-seed for a store seeded already).
//
// With `countReads` the shop's database work is counted from outside it
// (bench/counting/), served on the shop's port + COUNTS_PORT_OFFSET and read
// through bench/lib/counts.mjs.
import { startLocalShop } from "../../scripts/lib/local-shop.mjs";
import { countingEnv } from "../counting/client.mjs";
import { registerCounts } from "./counts.mjs";

/** The environment that puts a shop on the Firestore emulator at `host` (demo- project: emulators only). */
export const firestoreEnv = (host) => ({
  STORE_BACKEND: "firestore",
  FIRESTORE_EMULATOR_HOST: host,
  FIREBASE_PROJECT_ID: "demo-storefront",
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-storefront",
});

const COUNTS_PORT_OFFSET = 50;

export async function startShop({
  port = 3700,
  authPort = 9799,
  distDir = ".next-bench",
  firestoreHost,
  nextauthSecret,
  env = {},
  countReads = false,
  flags = [],
  nodeOptions,
} = {}) {
  const countsPort = port + COUNTS_PORT_OFFSET;
  // Options for the shop's Node (a heap size), after any NODE_OPTIONS the bench itself runs with.
  const baseEnv = nodeOptions
    ? { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, nodeOptions].filter(Boolean).join(" ") }
    : process.env;
  const shop = await startLocalShop({
    port,
    authPort,
    distDir,
    // --firestore: local mode's production-like switch; it uses the emulator
    // FIRESTORE_EMULATOR_HOST names (ours, shared by every instance).
    flags: [...(firestoreHost ? ["--firestore"] : []), ...flags],
    env: {
      ...(firestoreHost && firestoreEnv(firestoreHost)),
      ...(nextauthSecret && { NEXTAUTH_SECRET: nextauthSecret }),
      RATE_LIMIT_FACTOR: "1000",
      ...(nodeOptions && { NODE_OPTIONS: baseEnv.NODE_OPTIONS }),
      ...(countReads && countingEnv(countsPort, baseEnv)),
      ...env,
    },
  });
  if (countReads) registerCounts(shop.baseURL, `http://127.0.0.1:${countsPort}/`);
  return { ...shop, backend: firestoreHost ? "firestore" : "sqlite" };
}
