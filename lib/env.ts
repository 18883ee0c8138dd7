/**
 * Every server-side environment variable is read and checked here, once, with
 * an error that names the variable. The browser-visible NEXT_PUBLIC_* values
 * live in lib/public-env.ts because Next inlines them into client bundles.
 * Each variable's own rule is lib/env-variables.ts's; what a production run
 * refuses, and when it is one, lib/env-production.ts's.
 * `.env.example` documents each variable and its local default.
 */
import "server-only";
import { z } from "zod";
import { localMarkIssues, productionIssues, productionRulesApply } from "@/lib/env-production";
import { envVariables } from "@/lib/env-variables";

const schema = envVariables.superRefine((env, ctx) => {
  const issues = [...localMarkIssues(env), ...(productionRulesApply(env) ? productionIssues(env, siteUrl(env)) : [])];
  issues.forEach(([name, message]) => ctx.addIssue({ code: "custom", path: [name], message }));
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    ctx.addIssue({
      code: "custom",
      path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
      message: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: a payment is recorded only from the webhook (docs/DEPLOY.md)",
    });
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
