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

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Set by Vercel on its builds and functions. */
    VERCEL: optionalText,
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Force a backend; by default Firestore is used when a Firebase project is configured. */
    STORE_BACKEND: z.enum(["sqlite", "firestore"]).optional(),
    SQLITE_PATH: z.string().trim().min(1).default(".data/storefront.db"),
    /** "1": count the store's reads and report them on /api/health (npm run bench only). */
    STORE_COUNT_READS: z.enum(["0", "1"]).optional().transform((v) => v === "1"),
    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_CLIENT_EMAIL: optionalText,
    /** The service account's private key; "\n" escapes (as Vercel stores it) are turned into newlines. */
    FIREBASE_PRIVATE_KEY: optionalText.transform((key) => key?.replace(/\\n/g, "\n")),
    FIRESTORE_EMULATOR_HOST: hostPort,
    FIREBASE_AUTH_EMULATOR_HOST: hostPort,
    NEXTAUTH_URL: z.url({ error: "must be an absolute URL such as http://localhost:3000" }).optional(),
    NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
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
    /** Used only by the local scripts to create the emulator's admin account. */
    LOCAL_ADMIN_PASSWORD: optionalText,
    /** Public origin for canonical URLs and the sitemap; defaults to NEXTAUTH_URL. */
    SITE_URL: z.url({ error: "must be an absolute URL such as https://shop.example.com" }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.VERCEL && !env.NEXTAUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["NEXTAUTH_SECRET"], message: "is required in production" });
    }
    // The emulator accepts unsigned ID tokens: in production that would let
    // anyone sign in as anyone, the admin included.
    for (const name of ["FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST"] as const) {
      if (env.VERCEL && env[name]) {
        ctx.addIssue({ code: "custom", path: [name], message: "must not be set in production (emulators only)" });
      }
    }
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
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new Error(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example.`);
}

/** The origin the shop is served from, for canonical URLs, the sitemap and auth callbacks. */
export function siteUrl(env: ServerEnv = serverEnv()): string {
  const url = env.SITE_URL ?? env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`;
  return url.replace(/\/+$/, "");
}
