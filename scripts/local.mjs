// npm run start:local   production build on the embedded defaults (SQLite +
//                       Auth emulator), seeded with the demo catalogue on first run
// npm run dev           the same defaults with the dev server
//
// Flags: --rebuild (always build), --no-persist (fresh emulator accounts each run),
// --firestore (the production-like mode: the store is the official Cloud
// Firestore emulator, seeded with the demo catalogue, built into its own folder),
// --no-seed (build and serve whatever the store holds, even nothing: a first
// deploy before the catalogue is loaded; the e2e suite's empty pass uses it).
// It also runs the local SMTP catcher (scripts/mail-catcher.mjs) in this
// process, and points the shop's SMTP_URL at it unless one is set: the mail
// the shop sends is read at http://127.0.0.1:1080 (a shop on another port
// than 3000: free ports, written to LOCAL_DATA_DIR/mail/catcher.json).
// It also runs the Stripe stand-in (scripts/stripe-stand-in.mjs: not Stripe,
// no money moves) and points the shop's Stripe keys and STRIPE_API_URL at it,
// so "Pay by card" works offline: its page at http://127.0.0.1:12111 (a shop
// on another port: a free one). Not when STRIPE_SECRET_KEY is set (the shop
// then talks to Stripe itself), nor with STRIPE_STAND_IN=0 (the shop then
// has no keys and takes pay on delivery only).
// With --firestore it also runs the Cloud Storage stand-in
// (scripts/storage-stand-in.mjs: not Cloud Storage; its objects live in
// memory until Ctrl-C, as the Firestore emulator's data does) and keeps the
// admin's photos in a bucket there, as a Vercel shop keeps them in its
// bucket: not when FIREBASE_STORAGE_BUCKET or MEDIA_DIR is set.
// Everything stops cleanly on Ctrl-C; see README.md for the variables it sets.
// The environment and the shop process come from scripts/lib/shop-launcher.mjs,
// as for the e2e suite's extra shops and the benchmarks (which run this script).
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildIsCurrent, recordBuild } from "./lib/build-check.mjs";
import { ensureLocalAdmin, startAuthEmulator } from "./lib/auth-emulator.mjs";
import { makeImageVariants } from "./image-variants.mjs";
import { catcherPort, startMailCatcher } from "./mail-catcher.mjs";
import { startStorageStandIn } from "./storage-stand-in.mjs";
import { startStripeStandIn } from "./stripe-stand-in.mjs";
import { isFirestoreEmulator, startFirestoreEmulator } from "./lib/firestore-emulator.mjs";
import { backendFromFlags, usesAuthEmulator } from "./lib/local-env.mjs";
import { prefixed, run, stopAll, stopOnSignals, track } from "./lib/processes.mjs";
import { NEXT_BIN, shopEnv, startShop } from "./lib/shop-launcher.mjs";
import { openShopLog } from "./lib/shop-log-file.mjs";

const [mode = "start", ...flags] = process.argv.slice(2);
if (!["start", "dev"].includes(mode)) {
  console.error("usage: node scripts/local.mjs start|dev [--rebuild] [--no-persist] [--firestore] [--no-seed]");
  process.exit(2);
}

const backend = backendFromFlags(flags);
const env = (() => {
  try {
    return shopEnv({ mode, backend });
  } catch (error) {
    // A refused environment (a real project's credentials: local-env.mjs) is one line, not a stack.
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
})();
const node = process.execPath;
stopOnSignals();

/**
 * The Firestore emulator for --firestore: the one FIRESTORE_EMULATOR_HOST
 * names when it answers (the e2e suite starts its own and shares it between
 * shop processes), otherwise a fresh one on FIRESTORE_EMULATOR_PORT or a free
 * port. A fresh emulator holds nothing: the demo catalogue is seeded into it
 * on every start, and products added from the admin page last until Ctrl-C.
 */
async function ensureFirestoreEmulator() {
  if (env.FIRESTORE_EMULATOR_HOST && (await isFirestoreEmulator(env.FIRESTORE_EMULATOR_HOST))) {
    console.log(`Using the Firestore emulator at ${env.FIRESTORE_EMULATOR_HOST}.`);
    return;
  }
  const port = env.FIRESTORE_EMULATOR_PORT ? Number(env.FIRESTORE_EMULATOR_PORT) : undefined;
  const { host } = await startFirestoreEmulator({ port });
  // It is killed with this process (scripts/lib/firestore-emulator.mjs), so Ctrl-C stops it too.
  env.FIRESTORE_EMULATOR_HOST = host;
  console.log(`Started the Firestore emulator at ${host} (empty; project ${env.FIREBASE_PROJECT_ID}).`);
}

function storeDescription() {
  return backend === "firestore"
    ? `Firestore emulator at ${env.FIRESTORE_EMULATOR_HOST}, project ${env.FIREBASE_PROJECT_ID}`
    : `SQLite at ${env.SQLITE_PATH}`;
}

/**
 * The local SMTP catcher, in this process (so it stops with it). The plain
 * `start:local` on port 3000 gets the fixed ports the README names; any
 * other shop (the e2e suite's, the bench's) free ones, so shops side by
 * side never share a mailbox.
 */
async function startCatcher() {
  const fixed = env.PORT === "3000";
  const catcher = await startMailCatcher({
    smtpPort: catcherPort(env.MAIL_CATCHER_SMTP_PORT, fixed ? 1025 : 0),
    webPort: catcherPort(env.MAIL_CATCHER_WEB_PORT, fixed ? 1080 : 0),
    dir: join(env.LOCAL_DATA_DIR, "mail"),
  });
  if (env.SMTP_URL) console.log(`SMTP_URL is set: the shop sends mail there, not to the local catcher at ${catcher.webUrl}.`);
  else env.SMTP_URL = catcher.smtpUrl;
  return catcher;
}

/**
 * The Stripe stand-in, in this process, with keys made for this run: its
 * webhook deliveries go to this shop's /api/stripe/webhook. null when the
 * shop has Stripe keys of its own, or is to run without cards.
 */
async function startStripe() {
  if (env.STRIPE_SECRET_KEY || env.STRIPE_STAND_IN === "0") return null;
  const webhookSecret = `whsec_${randomBytes(24).toString("hex")}`;
  const standIn = await startStripeStandIn({
    port: env.PORT === "3000" ? 12111 : 0,
    webhookUrl: `${env.NEXTAUTH_URL}/api/stripe/webhook`,
    webhookSecret,
  });
  env.STRIPE_SECRET_KEY = `sk_test_standin${randomBytes(12).toString("hex")}`;
  env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  env.STRIPE_API_URL = standIn.url;
  // Where the e2e specs find it and its key (as the mail catcher's catcher.json): test keys of this run only.
  const dir = join(env.LOCAL_DATA_DIR, "stripe");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "stand-in.json"), JSON.stringify({ url: standIn.url, secretKey: env.STRIPE_SECRET_KEY }), { mode: 0o600 });
  return standIn;
}

/**
 * The photos' bucket for --firestore: a bucket of the Cloud Storage
 * stand-in, in this process. null in the default mode (photos go to the
 * folder MEDIA_DIR) and when a bucket or a folder is set.
 */
async function startPhotoBucket() {
  if (backend !== "firestore" || process.env.FIREBASE_STORAGE_BUCKET || process.env.MEDIA_DIR) return null;
  const standIn = await startStorageStandIn({ log: (line) => process.stderr.write(prefixed("storage", line)) });
  env.STORAGE_EMULATOR_HOST = standIn.url;
  env.FIREBASE_STORAGE_BUCKET = `${env.FIREBASE_PROJECT_ID}.firebasestorage.app`;
  // Where the e2e specs find it, as the Stripe stand-in's stand-in.json.
  const dir = join(env.LOCAL_DATA_DIR, "storage");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "stand-in.json"), JSON.stringify({ url: standIn.url, bucket: env.FIREBASE_STORAGE_BUCKET }));
  return standIn;
}

async function main() {
  const catcher = await startCatcher();
  const stripe = await startStripe();
  const photoBucket = await startPhotoBucket();
  const emulator = usesAuthEmulator(env) ? startAuthEmulator(env, { persist: !flags.includes("--no-persist") }) : Promise.resolve();
  if (backend === "firestore") await ensureFirestoreEmulator();
  // The catalogue is seeded before the build: pages prerender from it.
  if (flags.includes("--no-seed")) console.log("Not seeding (--no-seed): the shop is built and served on what the store holds.");
  else await run(node, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", "--if-empty"], env);
  // Pages offer these files in their srcsets (lib/images/variants.ts), in dev too.
  await makeImageVariants();
  if (mode === "start") {
    if (flags.includes("--rebuild") || !buildIsCurrent(env)) {
      console.log(`Building the shop (production, ${backend}) into ${env.NEXT_DIST_DIR || ".next"}...`);
      const started = Date.now();
      await run(node, [NEXT_BIN, "build"], env);
      recordBuild(env);
      // The e2e suite prints this too: each pass's build is part of its time.
      console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
    } else {
      console.log("The production build is current; skipping the build.");
    }
  }
  await emulator;
  if (usesAuthEmulator(env)) await ensureLocalAdmin(env);

  // `next start|dev` in its own process group, stopped with the emulators on Ctrl-C (processes.mjs);
  // its output is printed as it comes, prefixed [shop], and, when SHOP_LOG_FILE names a file (the
  // e2e suite's: playwright.config.ts), written there whole (scripts/lib/shop-log-file.mjs).
  const log = process.env.SHOP_LOG_FILE ? openShopLog(process.env.SHOP_LOG_FILE) : null;
  const { url } = await startShop({
    env,
    mode,
    startTimeoutMs: 120_000,
    onSpawn: (child) => track("shop", child),
    onLine: (line, stream) => {
      log?.write(line, stream);
      (stream === "stderr" ? process.stderr : process.stdout).write(prefixed("shop", line));
    },
  });
  const cards = stripe ? `cards: the Stripe stand-in at ${stripe.url}` : env.STRIPE_SECRET_KEY ? "cards: Stripe" : "no cards";
  const photos = photoBucket
    ? `photos: the Cloud Storage stand-in at ${photoBucket.url}`
    : `photos: ${env.FIREBASE_STORAGE_BUCKET ?? env.MEDIA_DIR}`;
  console.log(
    `\nStorefront is ready at ${url}  (store: ${storeDescription()}; mail: ${catcher.webUrl}; ${cards}; ${photos}; Ctrl-C stops)\n`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
