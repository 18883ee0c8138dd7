/**
 * Doctor's "shared rate limits" check: with REDIS_URL set, the Redis every
 * instance counts its rate limits in answers (lib/security/rate-limit-store.ts);
 * without it, each instance counts alone, which is said, not failed: one
 * instance needs no Redis.
 */
import "server-only";
import type { ServerEnv } from "@/lib/env";

type RateLimitVerdict = { check: string } & ({ ok: true; detail: string } | { skipped: string });

export const RATE_LIMIT_CHECK = "shared rate limits";

/** `redisVersion` asks the Redis at a URL its version; it throws when Redis does not answer. */
export async function rateLimitVerdict(env: ServerEnv, redisVersion: (url: string) => Promise<string>): Promise<RateLimitVerdict> {
  if (!env.REDIS_URL)
    return {
      check: RATE_LIMIT_CHECK,
      skipped: "REDIS_URL is unset: each instance counts its rate limits alone (docs/DEPLOY.md, section 13)",
    };
  const version = await redisVersion(env.REDIS_URL);
  return {
    check: RATE_LIMIT_CHECK,
    ok: true,
    detail: `Redis ${version} at ${new URL(env.REDIS_URL).host} answers: every instance counts there`,
  };
}
