/**
 * The environment's production rules: which runs are production
 * (productionRulesApply: on Vercel always, any other production build or
 * start unless the local launcher marked it local), what such a run refuses
 * to start with (productionIssues), and the two marks that relax them, which
 * hold only where they can (localMarkIssues, buildCheckApplies). lib/env.ts
 * applies them once every single variable is valid.
 */
import "server-only";
import type { EnvVariables } from "@/lib/env-variables";

/** The browser's Web API key when none is set (lib/public-env.ts): the emulators accept any key. */
const LOCAL_API_KEY = "demo-api-key";

/** The variables that point the shop or the browser at an emulator. */
export const EMULATOR_HOSTS = [
  "FIREBASE_AUTH_EMULATOR_HOST",
  "FIRESTORE_EMULATOR_HOST",
  "FIREBASE_STORAGE_EMULATOR_HOST",
  "NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST",
] as const;
const PROJECT_IDS = ["FIREBASE_PROJECT_ID", "NEXT_PUBLIC_FIREBASE_PROJECT_ID"] as const;
const isLoopback = (hostPort: string) => /^(127\.\d+\.\d+\.\d+|localhost):\d+$/.test(hostPort);

/**
 * Whether this is scripts/vercel/build-check.mjs's build: `vercel build` run
 * here against the local emulators, so its output can be inspected. It can
 * never hold in a Vercel deployment: it needs `next build` (functions refuse
 * the emulators at run time), no VERCEL_ENV (Vercel sets it on every build of
 * a deployment, production or preview; a local `vercel build` does not), and
 * emulators on this machine's loopback under `demo-` projects, which reach no
 * real Firebase resource.
 */
export function buildCheckApplies(env: EnvVariables): boolean {
  return (
    env.STOREFRONT_BUILD_CHECK &&
    env.NEXT_PHASE === "phase-production-build" &&
    !env.VERCEL_ENV &&
    EMULATOR_HOSTS.every((name) => !env[name] || isLoopback(env[name])) &&
    PROJECT_IDS.every((name) => env[name]?.startsWith("demo-") === true)
  );
}

/**
 * Whether this run is production and so refused whatever productionIssues
 * finds: on Vercel always, and any other production build or start
 * (`next build`, `next start`: NODE_ENV=production, a self-hosted server
 * included) unless the local launcher marked it local (STOREFRONT_LOCAL).
 */
export function productionRulesApply(env: EnvVariables): boolean {
  return Boolean(env.VERCEL) || (env.NODE_ENV === "production" && !env.STOREFRONT_LOCAL);
}

/**
 * The local mark holds only where a local run can be: never on Vercel, and
 * never with a real Firebase project (a service account, or a project id
 * that is not an emulator's demo- one), so it cannot exempt a real shop
 * from the production refusals.
 */
export function localMarkIssues(env: EnvVariables): Array<[string, string]> {
  if (!env.STOREFRONT_LOCAL) return [];
  const why = "is set only by the local launcher (scripts/lib/local-env.mjs) for a run on the emulators or the embedded store";
  if (env.VERCEL) return [["STOREFRONT_LOCAL", `${why}; never set it on Vercel`]];
  const real = [
    ...PROJECT_IDS.filter((name) => env[name] && !env[name].startsWith("demo-")),
    ...(["FIREBASE_CLIENT_EMAIL", "FIREBASE_PRIVATE_KEY"] as const).filter((name) => env[name]),
  ];
  if (real.length === 0) return [];
  return [["STOREFRONT_LOCAL", `${why}, never with a real Firebase project (${real.join(", ")} set); remove it`]];
}

/** What a production build or start refuses to run with, as [variable, problem]; `site` is the origin `env` gives (siteUrl). */
export function productionIssues(env: EnvVariables, site: string): Array<[string, string]> {
  const issues: Array<[string, string]> = [];
  if (!env.NEXTAUTH_SECRET) issues.push(["NEXTAUTH_SECRET", "is required in production"]);
  if (env.STOREFRONT_BUILD_CHECK && !buildCheckApplies(env)) {
    issues.push([
      "STOREFRONT_BUILD_CHECK",
      "is only for scripts/vercel/build-check.mjs (a local `vercel build` against the emulators); never set it on Vercel",
    ]);
  }
  if (buildCheckApplies(env)) return issues;
  // The emulators accept unsigned ID tokens: in production that would let
  // anyone sign in as anyone, the admin included; and a browser bundle aimed
  // at one would send every shopper's password to their own 127.0.0.1.
  for (const name of EMULATOR_HOSTS) {
    if (env[name]) issues.push([name, "must not be set in production (emulators only)"]);
  }
  for (const name of PROJECT_IDS) {
    if (!env[name]) issues.push([name, "is required in production: your Firebase project's id"]);
    else if (env[name].startsWith("demo-"))
      issues.push([name, "is a demo- project, which exists only in the emulators: use your Firebase project's id"]);
  }
  // Each named on its own: firebase-admin has no other credentials (a Vercel
  // function none at all), and production's store is Firestore: on Vercel
  // the embedded SQLite store would keep data on a disk thrown away with
  // the instance (lib/data/index.ts refuses it there too, at first use).
  if (env.STORE_BACKEND === "sqlite") issues.push(["STORE_BACKEND", "must not be sqlite in production: remove it (Firestore is used)"]);
  for (const name of ["FIREBASE_CLIENT_EMAIL", "FIREBASE_PRIVATE_KEY"] as const) {
    if (!env[name]) issues.push([name, "is required in production: the runtime service account's (docs/DEPLOY.md, section 4)"]);
  }
  // The admin uploads photos, and a Vercel function's disk is thrown away
  // with it (lib/media/index.ts refuses the folder there too, at first use).
  if (env.VERCEL && !env.FIREBASE_STORAGE_BUCKET) {
    issues.push([
      "FIREBASE_STORAGE_BUCKET",
      "is required on Vercel: the bucket the admin's photos are kept in (docs/DEPLOY.md, section 11)",
    ]);
  }
  // The browser signs in with it; without it (or with the local default)
  // every sign-in fails at run time, long after the deploy looked fine.
  if (!env.NEXT_PUBLIC_FIREBASE_API_KEY || env.NEXT_PUBLIC_FIREBASE_API_KEY === LOCAL_API_KEY) {
    issues.push([
      "NEXT_PUBLIC_FIREBASE_API_KEY",
      "is required in production: the Web API key of your Firebase web app (npx firebase apps:sdkconfig)",
    ]);
  }
  if (env.FIREBASE_PROJECT_ID && env.NEXT_PUBLIC_FIREBASE_PROJECT_ID && env.FIREBASE_PROJECT_ID !== env.NEXT_PUBLIC_FIREBASE_PROJECT_ID) {
    issues.push([
      "NEXT_PUBLIC_FIREBASE_PROJECT_ID",
      "must be the same project as FIREBASE_PROJECT_ID: the server verifies the browser's sign-ins against it",
    ]);
  }
  // Orders' emails: without a server they would pile up in the outbox unsent,
  // and the local catcher on 127.0.0.1 is no server in production.
  if (!env.SMTP_URL)
    issues.push(["SMTP_URL", "is required in production: your SMTP server, smtps://user:password@smtp.example.com:465 (docs/DEPLOY.md)"]);
  else if (isLoopbackUrl(env.SMTP_URL))
    issues.push(["SMTP_URL", "must not be a loopback address in production (the local mail catcher): use your SMTP server"]);
  if (!env.MAIL_FROM)
    issues.push(["MAIL_FROM", "is required in production: the From of order emails, e.g. Shop name <orders@shop.example.com>"]);
  // Vercel Cron drains what a failed send left in the outbox: without the secret the route is off.
  if (!env.CRON_SECRET)
    issues.push(["CRON_SECRET", "is required in production: the secret Vercel Cron sends to /api/cron/outbox (openssl rand -base64 32)"]);
  // Card payments: the stand-in is a test server that takes no money.
  if (env.STRIPE_API_URL)
    issues.push(["STRIPE_API_URL", "is the Stripe stand-in's address, for the tests and start:local only: remove it in production"]);
  // Photos: the stand-in keeps them in its own memory and lets anyone read them.
  if (env.STORAGE_EMULATOR_HOST)
    issues.push(["STORAGE_EMULATOR_HOST", "is the Cloud Storage stand-in's address, for the tests only: remove it in production"]);
  if (env.RATE_LIMIT_FACTOR !== 1)
    issues.push(["RATE_LIMIT_FACTOR", "is for the end-to-end suite only: remove it (it raises every rate limit)"]);
  if (!site.startsWith("https://")) {
    issues.push([env.SITE_URL ? "SITE_URL" : "NEXTAUTH_URL", `must be an https URL in production (it gives ${site})`]);
  }
  return issues;
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
