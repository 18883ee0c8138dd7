/**
 * What the checkout fills in for a signed-in shopper: the account's name and
 * email, and the contact phone and address of their newest order. A failure
 * to read the orders leaves the address blank (the shopper types it).
 */
import "server-only";
import { log } from "@/lib/log";
import type { SessionUser } from "@/lib/auth/session";
import type { CheckoutValues } from "./checkout-fields";
import type { OrderingStore } from "./ordering-store";

export async function returningShopperValues(
  store: Pick<OrderingStore, "listShopperOrders">,
  user: SessionUser,
): Promise<Partial<CheckoutValues>> {
  const values: Partial<CheckoutValues> = { name: user.name, email: user.email };
  try {
    const [last] = await store.listShopperOrders(user.uid, null, 1);
    if (last && last.erasedAt === null) {
      const { address } = last;
      Object.assign(values, {
        phone: last.contact.phone,
        country: address.country,
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        region: address.region,
        postalCode: address.postalCode,
      });
    }
  } catch (error) {
    log.error("orders.last_order_read_failed", "Could not read a shopper's last order for the checkout's address", error);
  }
  return values;
}
