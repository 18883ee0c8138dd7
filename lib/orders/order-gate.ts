/**
 * proxy.ts's check before an order's page renders: whether this id, token
 * and signed-in uid (the session token's, decoded; the page checks the
 * session fully again) open an order, or lead to the sign-in page first. An
 * order nobody may see here is answered with the site's not-found page and a
 * 404 before the page renders: left to the page, notFound() inside its
 * streamed part comes with a 200.
 */
import "server-only";
import { log } from "@/lib/log";
import { ORDER_ID_SHAPE } from "./order-access";
import { orderingStore } from "./ordering-store";
import { viewableOrder } from "./viewable-order";

/**
 * Whether an order's page, asked for without a guest's token by someone
 * signed out, leads to the sign-in page (and back) rather than to "not found":
 * a signed-in shopper's link opened signed out. Decided without a read, for
 * any id the site could have made, so it says nothing of whether the order
 * exists (lib/orders/paths.ts, signInForOrderPath).
 */
export function orderNeedsSignIn(id: string, token: string | null, uid: string | null): boolean {
  return !token && uid === null && ORDER_ID_SHAPE.test(id);
}

/** "sign-in" (orderNeedsSignIn), "open", "not-found", or "unavailable" when the store or Firebase Auth cannot answer. */
export async function orderGate(
  id: string,
  token: string | null,
  uid: string | null,
): Promise<"open" | "sign-in" | "not-found" | "unavailable"> {
  if (orderNeedsSignIn(id, token, uid)) return "sign-in";
  try {
    return (await viewableOrder(await orderingStore(), id, token, uid)) !== null ? "open" : "not-found";
  } catch (error) {
    log.error("orders.gate_check_failed", "Could not check who may see an order", error);
    return "unavailable";
  }
}
