/**
 * Every server-side environment variable is read and checked here, once, with
 * an error that names the variable. The browser-visible NEXT_PUBLIC_* values
 * live in lib/public-env.ts because Next inlines them into client bundles.
 * `.env.example` documents each variable and its local default.
 */
import "server-only";
import { z } from "zod";

const optionalText = z.string().trim().optional();

const hostPort = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, "must look like host:port, e.g. 127.0.0.1:9099")
  .optional();

/** An address, or a display name and an address in angle brackets; no line breaks (a header). */
const MAIL_FROM_SHAPE = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Set by Vercel on its builds and functions. */
    VERCEL: optionalText,
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Force a backend; by default Firestore is used when a Firebase project is configured. */
    STORE_BACKEND: z.enum(["sqlite", "firestore"]).optional(),
    SQLITE_PATH: z.string().trim().min(1).default(".data/storefront.db"),
    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_CLIENT_EMAIL: optionalText,
    /** The service account's private key; "\n" escapes (as Vercel stores it) are turned into newlines. */
    FIREBASE_PRIVATE_KEY: optionalText.transform((key) => key?.replace(/\\n/g, "\n")),
    FIRESTORE_EMULATOR_HOST: hostPort,
    FIREBASE_AUTH_EMULATOR_HOST: hostPort,
    NEXTAUTH_URL: z.url({ error: "must be an absolute URL such as http://localhost:3000" }).optional(),
    NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    /**
     * The bearer secret of POST /api/revalidate (app/api/revalidate/route.ts),
     * which a write made outside the shop (the import script, a console edit)
     * calls to expire the cached catalogue everywhere; unset, the route is off.
     */
    REVALIDATE_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    /**
     * The SMTP server the outbox's emails go through (lib/email/transport.ts):
     * smtp://user:password@host:587 (STARTTLS when the server offers it) or
     * smtps://user:password@host:465. Required in production; elsewhere unset
     * means the local catcher (LOCAL_SMTP_URL).
     */
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        hostname: /^[^\s]+$/,
        error: "must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465",
      })
      .optional(),
    /** The From of every email, `orders@shop.example.com` or `Shop name <orders@shop.example.com>`. Required in production. */
    MAIL_FROM: z
      .string()
      .trim()
      .regex(MAIL_FROM_SHAPE, "must be an email address, optionally with a name: Shop name <orders@shop.example.com>")
      .optional(),
    /**
     * The bearer secret of GET /api/cron/outbox (app/api/cron/outbox/route.ts),
     * which Vercel Cron sends as `Authorization: Bearer <CRON_SECRET>`;
     * required in production, unset elsewhere the route is off.
     */
    CRON_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    /** Comma-separated emails treated as admins, besides accounts with the `admin` custom claim. */
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((s) =>
        s
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("each entry must be an email address"))),
    /**
     * How long one process trusts an admin's rights before asking Firebase Auth
     * again (lib/auth/admin-rights.ts): the most a removed claim, a removed
     * ADMIN_EMAILS address or a disabled account can lag. 300 at most.
     */
    ADMIN_RIGHTS_TTL_SECONDS: z.coerce.number().int().min(0).max(300, "must be at most 300 (5 minutes)").default(300),
    /**
     * Self-hosted behind proxies: how many of them (each appending to
     * X-Forwarded-For) are trusted to name the client (lib/security/client-address.ts).
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5, "must be at most 5").default(0),
    /** Multiplies every rate limit (lib/security/rate-limit.ts): the end-to-end suite's shop only. */
    RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(10_000).default(1),
    /** Used only by the local scripts to create the emulator's admin account. */
    LOCAL_ADMIN_PASSWORD: optionalText,
    /** Public origin for canonical URLs and the sitemap; defaults to NEXTAUTH_URL, then (on Vercel) the deployment's. */
    SITE_URL: z.url({ error: "must be an absolute URL such as https://shop.example.com" }).optional(),
    /** Set by Vercel on its own builds and functions: production | preview | development. */
    VERCEL_ENV: optionalText,
    /** Set by Vercel: this deployment's host, without a scheme. */
    VERCEL_URL: optionalText,
    /** Set by Vercel: the project's production domain, without a scheme (previews have it too). */
    VERCEL_PROJECT_PRODUCTION_URL: optionalText,
    /** Set by Next while `next build` runs. */
    NEXT_PHASE: optionalText,
    /** "1" only in scripts/vercel/build-check.mjs: a local `vercel build` against the emulators (buildCheckApplies). */
    STOREFRONT_BUILD_CHECK: z
      .enum(["0", "1"])
      .optional()
      .transform((v) => v === "1"),
    /**
     * "1" only from the local launcher (scripts/lib/local-env.mjs: start:local,
     * dev, the e2e suite, the bench): a production build or start on the
     * emulators or the embedded store, which productionRulesApply exempts.
     */
    STOREFRONT_LOCAL: z
      .enum(["0", "1"])
      .optional()
      .transform((v) => v === "1"),
    /** Read here too so a production build refuses a browser bundle aimed at the emulators. */
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: optionalText,
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: optionalText,
    /** Read here too so a production build refuses a browser bundle without a real Web API key. */
    NEXT_PUBLIC_FIREBASE_API_KEY: optionalText,
  })
  .superRefine((env, ctx) => {
    const issues = [...localMarkIssues(env), ...(productionRulesApply(env) ? productionIssues(env) : [])];
    issues.forEach(([name, message]) => ctx.addIssue({ code: "custom", path: [name], message }));
    const hasServiceAccount = Boolean(env.FIREBASE_CLIENT_EMAIL || env.FIREBASE_PRIVATE_KEY);
    if (hasServiceAccount && !(env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY && env.FIREBASE_PROJECT_ID)) {
      ctx.addIssue({
        code: "custom",
        path: ["FIREBASE_PRIVATE_KEY"],
        message: "FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY go together: set all three",
      });
    }
  });

export type ServerEnv = z.output<typeof schema>;

/** The browser's Web API key when none is set (lib/public-env.ts): the emulators accept any key. */
const LOCAL_API_KEY = "demo-api-key";

/** The variables that point the shop or the browser at an emulator. */
export const EMULATOR_HOSTS = [
  "FIREBASE_AUTH_EMULATOR_HOST",
  "FIRESTORE_EMULATOR_HOST",
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
export function buildCheckApplies(env: ServerEnv): boolean {
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
export function productionRulesApply(env: ServerEnv): boolean {
  return Boolean(env.VERCEL) || (env.NODE_ENV === "production" && !env.STOREFRONT_LOCAL);
}

/**
 * The local mark holds only where a local run can be: never on Vercel, and
 * never with a real Firebase project (a service account, or a project id
 * that is not an emulator's demo- one), so it cannot exempt a real shop
 * from the production refusals.
 */
function localMarkIssues(env: ServerEnv): Array<[string, string]> {
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

/** What a production build or start refuses to run with, as [variable, problem]. */
function productionIssues(env: ServerEnv): Array<[string, string]> {
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
  if (env.RATE_LIMIT_FACTOR !== 1)
    issues.push(["RATE_LIMIT_FACTOR", "is for the end-to-end suite only: remove it (it raises every rate limit)"]);
  const site = siteUrl(env);
  if (!site.startsWith("https://")) {
    issues.push([env.SITE_URL ? "SITE_URL" : "NEXTAUTH_URL", `must be an https URL in production (it gives ${site})`]);
  }
  return issues;
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Where email goes when SMTP_URL is unset outside production: the local catcher (scripts/mail-catcher.mjs). */
export const LOCAL_SMTP_URL = "smtp://127.0.0.1:1025";
/** The From of email when MAIL_FROM is unset outside production. */
export const LOCAL_MAIL_FROM = "Storefront <orders@storefront.local>";

/** The SMTP server and From of the shop's email (production always has both: productionIssues). */
export function mailSettings(env: ServerEnv = serverEnv()): { smtpUrl: string; from: string } {
  return { smtpUrl: env.SMTP_URL ?? LOCAL_SMTP_URL, from: env.MAIL_FROM ?? LOCAL_MAIL_FROM };
}

let cached: ServerEnv | undefined;

/**
 * Parsed once per process; throws a readable error naming each bad variable
 * (rules that combine variables run once every single one is valid).
 */
export function serverEnv(): ServerEnv {
  if (cached) return cached;
  cached = parseEnv(process.env);
  return cached;
}

export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // An empty value (as copied from .env.example) means "not set", not "invalid".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new Error(
    `Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example (local) or docs/DEPLOY.md: section 11 (Vercel), section 17 (self-hosted).`,
  );
}

/** The origin the shop is served from, for canonical URLs, the sitemap and auth callbacks. */
export function siteUrl(env: ServerEnv = serverEnv()): string {
  // On Vercel without either URL: the production domain in production, and
  // the deployment's own host on a preview (where the production domain
  // would send canonical links and the sitemap to another site's pages).
  const vercelHost = env.VERCEL_ENV === "production" ? (env.VERCEL_PROJECT_PRODUCTION_URL ?? env.VERCEL_URL) : env.VERCEL_URL;
  const url = env.SITE_URL ?? env.NEXTAUTH_URL ?? (env.VERCEL && vercelHost ? `https://${vercelHost}` : `http://localhost:${env.PORT}`);
  return url.replace(/\/+$/, "");
}
