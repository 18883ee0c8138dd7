/**
 * The token in a guest's order link (/orders-page/{id}?token=…): 256 bits,
 * base64url. The order keeps only its sha-256 (the first of
 * Order.guestTokenHashes; a link asked for later adds its own: find-order.ts),
 * so the store's data alone opens no order; a presented token is hashed and
 * compared in constant time.
 *
 * The token is an HMAC-SHA256 of the submit's idempotency key (122 random
 * bits the checkout page drew) keyed by the guest's cart id (122 random bits
 * in an httpOnly cookie no page ever shows) and the server's secret: as
 * unpredictable as random bits to anyone who does not hold both, and the
 * same for the same submit. That is what a retried submit needs: the store
 * answers it with the first order (created false), whose hash only this
 * same token matches, so the retry's link opens the order too.
 */
import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CartOwner } from "@/lib/data/contract/cart";

/** base64url of 32 bytes, unpadded. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The token of a guest's order placed by `owner` with this idempotency key; `serverSecret` may be "" (development). */
export function guestTokenFor(owner: CartOwner, idempotencyKey: string, serverSecret: string): { token: string; hash: string } {
  const token = createHmac("sha256", `${owner}\u0000${serverSecret}`)
    .update(`guest-order-token\u0000${idempotencyKey}`)
    .digest("base64url");
  return { token, hash: hashGuestToken(token) };
}

/** A new link's token ("find my order", find-order.ts): 256 random bits, in the same shape; the order keeps its hash beside the others. */
export function newGuestToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashGuestToken(token) };
}

export function hashGuestToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` (as it came in a link; anything) is the one whose hash the order keeps. */
export function guestTokenMatches(token: unknown, storedHash: string | null): boolean {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token) || storedHash === null || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(hashGuestToken(token), "hex"), Buffer.from(storedHash, "hex"));
}
