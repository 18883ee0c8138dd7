/**
 * Per-client rate limits, and per-recipient ones (an email address the shop
 * would write to), counted where rate-limit-store.ts says: in one Redis all
 * instances share when REDIS_URL is set, else in this process's memory,
 * where each instance counts alone, so with n instances a client may get up
 * to n times a limit (docs/SECURITY.md lists each limit, its key and the
 * test that holds it; on Vercel the Firewall's rate-limit rules in
 * docs/DEPLOY.md add a limit at the edge). A refusal is a 429 with
 * Retry-After and a sentence (rate-limit-messages.ts); nothing a client
 * wrote before it is lost.
 *
 * RATE_LIMIT_FACTOR multiplies every limit: the end-to-end suite's own shop
 * sends far more from one address than any person would; its abuse spec runs
 * a shop at the real limits.
 */
import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import { serverEnv } from "@/lib/env";
import { rateLimitedMessage } from "./rate-limit-messages";
import { memoryLimiters, redisLimiters, type LimiterSet } from "./rate-limit-store";

/**
 * Each limit: how many requests per window, and what they are, in the
 * shopper's words; `perRecipient` limits are keyed by an email address
 * (recipientKey), the others by the client's address.
 */
export const RATE_LIMITS = {
  signIn: { points: 10, seconds: 60, what: "sign-in attempts" },
  cartActions: { points: 120, seconds: 60, what: "changes to the cart" },
  adminActions: { points: 60, seconds: 60, what: "changes to the catalogue" },
  // Per 10 s, not per minute: a whole minute's searches at once, each a new
  // query's render, slowed every other shopper (docs/BENCHMARKS.md §8).
  searches: { points: 10, seconds: 10, what: "searches" },
  // A category's filtered views (proxy.ts): any price range is an address of
  // its own, each a render and a query when new; a shopper trying filters and
  // paging through them asks far fewer.
  filteredViews: { points: 20, seconds: 10, what: "filtered category pages" },
  unknownProducts: { points: 30, seconds: 60, what: "requests for products that do not exist" },
  // An order's page opened by the token in its link (proxy.ts): a guest
  // opens their own a few times; guessing tokens is bounded per client.
  orderLookups: { points: 30, seconds: 60, what: "order look-ups" },
  health: { points: 60, seconds: 60, what: "health checks" },
  // Orders placed (lib/orders/place-order.ts), counted once the form is valid,
  // whether the store then places or refuses it: a shopper places a few an
  // hour; the checkout must not mail a stranger's address over and over.
  orders: { points: 10, seconds: 600, what: "orders" },
  ordersToRecipient: { points: 5, seconds: 3600, what: "orders to this email address", perRecipient: true },
  // "Find my order" (lib/orders/find-order.ts): each request may mail a link.
  orderLinks: { points: 5, seconds: 900, what: "requests for order links" },
  orderLinksToRecipient: { points: 3, seconds: 3600, what: "requests for links to this email address", perRecipient: true },
  // "Forgot password" (lib/account/password-reset.ts): each request may mail a reset link.
  passwordResets: { points: 5, seconds: 900, what: "requests for a new password" },
  passwordResetsToRecipient: { points: 3, seconds: 3600, what: "requests for a new password for this email address", perRecipient: true },
  // Verifying an account's address (lib/account/email-verification.ts): each request may mail a link.
  verificationMails: { points: 5, seconds: 900, what: "requests for a verification email" },
  verificationMailsToRecipient: { points: 3, seconds: 3600, what: "verification emails to this address", perRecipient: true },
  // Changing an account's address (lib/account/email-change.ts): each request mails a link and a notice.
  emailChanges: { points: 5, seconds: 900, what: "requests to change an email address" },
  emailChangesToRecipient: { points: 3, seconds: 3600, what: "email change links to this address", perRecipient: true },
  streamOpens: { points: 30, seconds: 60, what: "live update connections" },
  // "Download my data" (app/account/data/route.ts): each reads the account, its addresses and up to 100 orders.
  dataDownloads: { points: 5, seconds: 600, what: "downloads of your data" },
} as const;

export type RateLimitKind = keyof typeof RATE_LIMITS;

export interface RateLimitRefusal {
  retryAfterSeconds: number;
  message: string;
}

/** Every limit, counting in one place: `consume` and `exhausted` as below, for a set of one's own (tests, two instances). */
export interface RateLimits {
  consume(kind: RateLimitKind, client: string): Promise<RateLimitRefusal | null>;
  exhausted(kind: RateLimitKind, client: string): Promise<RateLimitRefusal | null>;
  close(): Promise<void>;
}

/** The limits × `factor`, counted in the Redis at `redisUrl` (shared with every set on it), or in memory without one. */
export function rateLimits({ factor = 1, redisUrl }: { factor?: number; redisUrl?: string }): RateLimits {
  const shapes = Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([kind, { points, seconds }]) => [kind, { points: points * factor, seconds }]),
  ) as Record<RateLimitKind, { points: number; seconds: number }>;
  const set: LimiterSet<RateLimitKind> = redisUrl ? redisLimiters(shapes, redisUrl) : memoryLimiters(shapes);
  return {
    async consume(kind, client) {
      await set.ready;
      try {
        await set.limiter(kind).consume(client);
        return null;
      } catch (state) {
        // A limiter rejects with its state when over the limit; anything else is a bug to see.
        if (state instanceof RateLimiterRes) return refusal(kind, state);
        throw state;
      }
    },
    async exhausted(kind, client) {
      await set.ready;
      const state = await set.limiter(kind).get(client);
      return state && state.remainingPoints <= 0 ? refusal(kind, state) : null;
    },
    close: () => set.close(),
  };
}

// One set per process, on globalThis: proxy.ts and each route are bundled
// apart, and a per-module set would count each client once per bundle.
const GLOBAL_KEY = Symbol.for("storefront.rateLimits");
type GlobalWithLimits = typeof globalThis & { [GLOBAL_KEY]?: { factor: number; limits: RateLimits } };

function processLimits(factor: number): RateLimits {
  const g = globalThis as GlobalWithLimits;
  const existing = g[GLOBAL_KEY];
  if (existing && existing.factor === factor) return existing.limits;
  void existing?.limits.close();
  const limits = rateLimits({ factor, redisUrl: serverEnv().REDIS_URL });
  g[GLOBAL_KEY] = { factor, limits };
  return limits;
}

function refusal(kind: RateLimitKind, state: RateLimiterRes): RateLimitRefusal {
  const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  const limit: { what: string; perRecipient?: boolean } = RATE_LIMITS[kind];
  return { retryAfterSeconds, message: rateLimitedMessage(limit.what, retryAfterSeconds, limit.perRecipient ? "anywhere" : "network") };
}

/**
 * The key of a per-recipient limit: the address trimmed, lower case and
 * without a "+tag" on its local part (one mailbox however it is spelt),
 * hashed, so the limiter's memory holds no address.
 */
export function recipientKey(email: string): string {
  const [local, ...domain] = email.trim().toLowerCase().split("@");
  const mailbox = `${local.split("+")[0]}@${domain.join("@")}`;
  return `recipient:${createHash("sha256").update(mailbox, "utf8").digest("hex")}`;
}

/** Counts one request of `kind` from `client`; the refusal when it is over the limit, else null. */
export function consume(kind: RateLimitKind, client: string, factor = 1): Promise<RateLimitRefusal | null> {
  return processLimits(factor).consume(kind, client);
}

/**
 * The refusal when `client` has already used up `kind`, without counting this
 * request: for limits on an outcome (an unknown product), checked before the
 * work and counted after it with consume().
 */
export function exhausted(kind: RateLimitKind, client: string, factor = 1): Promise<RateLimitRefusal | null> {
  return processLimits(factor).exhausted(kind, client);
}

/**
 * The 429 a refusal answers: plain words, Retry-After, never cached. Exactly
 * "text/plain": Next's client hands such a body to the page as the thrown
 * action's message (any other type becomes its generic one).
 */
export function tooManyRequests(limited: RateLimitRefusal): Response {
  return new Response(limited.message, {
    status: 429,
    headers: { "Content-Type": "text/plain", "Retry-After": String(limited.retryAfterSeconds), "Cache-Control": "no-store" },
  });
}
