/**
 * The part of the store the order desk uses: orders (list, read, step) and
 * the outbox's record of each order's emails.
 */
import "server-only";
import { getStore } from "@/lib/data";
import { StoreError } from "@/lib/data/errors";
import type { OrderStore, OutboxStore } from "@/lib/data/order-types";
import type { Store } from "@/lib/data/types";

export type DeskStore = Pick<OrderStore, "listOrders" | "getOrder" | "takeOrderStep"> & Pick<OutboxStore, "listOrderEmails">;

// Until the orders store is merged, Store does not declare OrderStore and OutboxStore yet.
function keepsOrders(store: Store): store is Store & DeskStore {
  return "listOrders" in store && "listOrderEmails" in store;
}

/** The store the environment configures, as the desk uses it. */
export async function openDeskStore(): Promise<DeskStore> {
  const store = await getStore();
  if (!keepsOrders(store)) throw new StoreError("unavailable", "The configured store keeps no orders");
  return store;
}
