/**
 * The server's environment variables, each with its own rule (lib/env.ts
 * checks them once, with the rules that look at several, and
 * lib/env-production.ts says what a production run refuses).
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

/** Every server-side variable, each checked on its own; lib/env.ts adds the rules across them. */
export const envVariables = z.object({
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
  /**
   * Where the shop keeps the photos it makes (lib/media/): a Cloud Storage for
   * Firebase bucket when set (name only: my-project.firebasestorage.app),
   * else the folder MEDIA_DIR on this machine's disk.
   */
  FIREBASE_STORAGE_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/, "must be a bucket's name, such as my-project.firebasestorage.app (no gs://)")
    .optional(),
  MEDIA_DIR: z.string().trim().min(1).default(".data/media"),
  /**
   * Where the Cloud Storage client sends its calls instead of Google's: the
   * project's stand-in (scripts/storage-stand-in.mjs), for the tests only;
   * the client reads it itself, and production refuses it.
   */
  STORAGE_EMULATOR_HOST: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:4443" }).optional(),
  /** firebase-admin's own name for it (host:port), which it copies into STORAGE_EMULATOR_HOST: read so production refuses it too. */
  FIREBASE_STORAGE_EMULATOR_HOST: hostPort,
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
  /**
   * One Redis that every instance's rate limits count in
   * (lib/security/rate-limit-store.ts): redis://[:password@]host:6379[/db] or
   * rediss:// for TLS. Unset: each instance counts in its own memory.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379" }).optional(),
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
  /**
   * Card payments through Stripe Checkout (lib/payments/): the account's
   * secret key (sk_test_… or sk_live_…) and the webhook endpoint's signing
   * secret (whsec_…), both or neither; unset, the shop takes pay on delivery
   * only and says so.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "must be a Stripe secret key: sk_test_… or sk_live_… (Dashboard → Developers → API keys)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, "must be a webhook signing secret: whsec_… (Dashboard → Developers → Webhooks → your endpoint)")
    .optional(),
  /**
   * Where the Stripe SDK sends its calls instead of api.stripe.com: the
   * project's Stripe stand-in (scripts/stripe-stand-in.mjs), for the tests
   * and start:local only; production refuses it.
   */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:12111" }).optional(),
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
});

export type EnvVariables = z.output<typeof envVariables>;
