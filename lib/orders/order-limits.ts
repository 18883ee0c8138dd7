/**
 * How many orders one client places, and how many go to one email address
 * (lib/security/rate-limit.ts: `orders` per client address, `ordersToRecipient`
 * per recipient, docs/SECURITY.md has the figures): a checkout is a way to
 * make the shop mail someone, so neither a client nor a recipient gets more
 * than a shopper would place. Counted once the form is valid, before the
 * store is asked, whether it then places or refuses the order.
 */
import "server-only";
import { refusalFor, refusalForRecipient } from "@/lib/security/request-client";

/** Counts one order from the client of `headers` to `recipient`: the refusal's words, or null when both limits allow it. */
export async function orderLimitRefusal(headers: Headers, recipient: string): Promise<string | null> {
  const client = await refusalFor("orders", headers);
  if (client) return client.message;
  return (await refusalForRecipient("ordersToRecipient", recipient))?.message ?? null;
}
