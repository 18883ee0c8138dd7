/**
 * How often one client, and anyone for one email address, may ask for a link
 * to an order (lib/security/rate-limit.ts: `orderLinks` per client address,
 * `orderLinksToRecipient` per recipient; docs/SECURITY.md has the figures):
 * each request may make the shop write to that address.
 */
import "server-only";
import { refusalFor, refusalForRecipient } from "@/lib/security/request-client";
import { FIND_ORDER_MESSAGES } from "./find-order-state";

/** Counts one request from the client of `headers` for `email`: the refusal's words, or null when both limits allow it. */
export async function orderLinkLimitRefusal(headers: Headers, email: string): Promise<string | null> {
  const client = await refusalFor("orderLinks", headers);
  if (client) return client.message;
  // The address's own limit speaks of no address: the same words whether or not anyone asked before.
  return (await refusalForRecipient("orderLinksToRecipient", email)) ? FIND_ORDER_MESSAGES.limited : null;
}
