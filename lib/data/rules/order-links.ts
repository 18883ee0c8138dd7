/**
 * The links that open a guest's order, both adapters alike
 * (OrderStore.addOrderLink): the checkout's link is the first token hash and
 * is always kept; each new link asked for ("find my order") adds its own,
 * and past LIMITS.guestLinksMax the oldest of those stops opening the order.
 * So the list is bounded however often a link is asked for, and the link in
 * the confirmation email keeps working. Pure.
 */
import { randomBytes } from "node:crypto";
import { StoreError } from "../contract/errors";
import { LIMITS } from "../contract/limits";
import type { Order, OrderLinkInput } from "../contract/orders";

/** The order's token hashes with `hash` added (once), the checkout's kept first. */
function withGuestLink(hashes: readonly string[], hash: string): string[] {
  if (hashes.includes(hash)) return [...hashes];
  const [checkout, ...asked] = [...hashes, hash];
  return [checkout, ...asked.slice(Math.max(0, asked.length - (LIMITS.guestLinksMax - 1)))];
}

/** What the order becomes with the new link: its hashes, or the refusal. */
export function orderWithLink(order: Order, input: OrderLinkInput): Order {
  if (input.tokenHash === null) return order;
  if (order.uid !== null) {
    throw new StoreError("conflict", "An order placed signed in opens to its account: it takes no guest link", { tokenHash: "signed_in" });
  }
  return { ...order, guestTokenHashes: withGuestLink(order.guestTokenHashes, input.tokenHash) };
}

/** A link email's Message-ID: its own for each one sent (an order may be sent many). */
export function linkMessageId(orderId: string): string {
  return `<order-${orderId}-link-${randomBytes(8).toString("hex")}@storefront>`;
}
