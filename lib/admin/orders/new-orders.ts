/**
 * What the order desk's live stream reads and follows, each only with proof
 * of an admin caller (lib/admin/admin-proof.ts): the orders placed since the
 * desk's page was read, and the store's feed of orders placed from now on.
 */
import "server-only";
import { getStore } from "@/lib/data";
import type { OrderStore } from "@/lib/data/contract/order-store";
import type { Unsubscribe } from "@/lib/data/contract/feeds";
import { assertAdminProof, type AdminProof } from "../admin-proof";

type NewOrdersStore = Pick<OrderStore, "listOrders" | "watchNewOrders">;

/** How many of the newest orders a reopened stream looks through for ones placed since the page (one list read). */
const PLACED_SINCE_MAX = 50;

/** The store the environment configures, as the desk's stream uses it. */
export async function openNewOrdersStore(): Promise<NewOrdersStore> {
  return getStore();
}

/** The ids of the newest orders (up to PLACED_SINCE_MAX) placed at or after `since`, oldest first. */
export async function readOrderIdsPlacedSince(admin: AdminProof, since: number, store: NewOrdersStore): Promise<string[]> {
  assertAdminProof(admin);
  const { orders } = await store.listOrders({
    fulfilment: null,
    payment: null,
    returnState: null,
    query: "",
    limit: PLACED_SINCE_MAX,
    after: null,
  });
  return orders
    .filter((order) => order.placedAt >= since)
    .map((order) => order.id)
    .reverse();
}

/** Follows the orders placed from now on, on every instance (OrderStore.watchNewOrders). */
export function watchNewOrders(admin: AdminProof, store: NewOrdersStore, onPlaced: (orderIds: string[]) => void): Unsubscribe {
  assertAdminProof(admin);
  return store.watchNewOrders(onPlaced);
}

/** When the desk's page reads its orders: the `since` its stream sends back. */
export function deskReadTime(): number {
  return Date.now();
}

/** The `since` a desk sent (ms since the epoch, a whole number); null when absent or malformed. */
export function parseSince(text: string | null): number | null {
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null;
}
