/**
 * Who may see an order (DECISIONS "Orders"): its owner only.
 * - A shopper signed in as the order's uid.
 * - A guest's order: whoever brings the token of its link (guest-token.ts),
 *   or a signed-in shopper whose account's email is the order's and is
 *   verified with Firebase Auth (registering someone's address opens nothing).
 * Anyone else gets the site's not-found page, exactly as for an id that
 * does not exist, so an order's existence is not revealed either.
 */
import "server-only";
import type { Order } from "@/lib/data/contract/orders";
import { guestTokenMatches } from "./guest-token";

interface OrderViewer {
  /** The signed-in uid, or null. */
  uid: string | null;
  /** The account's verified email (lower case), read only when needed; null when none. */
  verifiedEmail(): Promise<string | null>;
}

export type OrderAccess = "owner" | "token" | "none";

export async function accessTo(order: Order, viewer: OrderViewer, token: string | null): Promise<OrderAccess> {
  if (viewer.uid !== null && order.uid === viewer.uid) return "owner";
  if (token !== null && order.guestTokenHashes.some((hash) => guestTokenMatches(token, hash))) return "token";
  if (viewer.uid !== null && order.uid === null && order.contact.email !== "") {
    const email = await viewer.verifiedEmail();
    if (email !== null && email === order.contact.email.toLowerCase()) return "owner";
  }
  return "none";
}

/** The order id shape this site makes and accepts in a path (URL-safe, bounded). */
export const ORDER_ID_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;
