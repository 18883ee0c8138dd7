/**
 * The one answer a request gets when the store cannot decide it (the
 * session cannot be checked, the cart cannot be read): a 503 the browser
 * and any client retry after a few seconds, never a guess such as an empty
 * or a guest cart. The route handlers answer JSON; proxy.ts answers a
 * document load in plain text with the same status, words and delay.
 */
import "server-only";
import { CART_MESSAGES } from "./results";

/** Seconds a client is asked to wait before it tries again. */
export const RETRY_AFTER_SECONDS = "5";

export const UNAVAILABLE_HEADERS = { "Cache-Control": "private, no-store", "Retry-After": RETRY_AFTER_SECONDS };

export function storeUnavailableJson(): Response {
  return Response.json({ error: CART_MESSAGES.unavailable }, { status: 503, headers: UNAVAILABLE_HEADERS });
}
