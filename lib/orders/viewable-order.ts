/**
 * The order a request may see: read by id, opened by accessTo
 * (order-access.ts), or nothing (the site's not-found). The viewer's
 * verified email is asked of Firebase Auth only for a signed-in shopper
 * looking at a guest's order.
 */
import "server-only";
import { verifiedEmailOf } from "@/lib/auth/verified-email";
import type { Order } from "@/lib/data/contract/orders";
import { accessTo, ORDER_ID_SHAPE, type OrderAccess } from "./order-access";
import type { OrderingStore } from "./ordering-store";

interface ViewableOrder {
  order: Order;
  access: Exclude<OrderAccess, "none">;
}

function viewerOf(uid: string | null) {
  return { uid, verifiedEmail: () => (uid ? verifiedEmailOf(uid) : Promise.resolve(null)) };
}

/** Throws StoreError("unavailable") when the store or Firebase Auth cannot answer. */
export async function viewableOrder(
  store: Pick<OrderingStore, "getOrder">,
  id: string,
  token: string | null,
  uid: string | null,
): Promise<ViewableOrder | null> {
  if (!ORDER_ID_SHAPE.test(id)) return null;
  const order = await store.getOrder(id);
  if (!order) return null;
  const access = await accessTo(order, viewerOf(uid), token);
  return access === "none" ? null : { order, access };
}
