/**
 * The part of the store the order desk uses: orders (list, read, step) and
 * the outbox's record of each order's emails.
 */
import "server-only";
import { getStore } from "@/lib/data";
import type { OrderStore } from "@/lib/data/contract/order-store";
import type { OutboxStore } from "@/lib/data/contract/outbox";

export type DeskStore = Pick<OrderStore, "listOrders" | "getOrder" | "takeOrderStep"> & Pick<OutboxStore, "listOrderEmails">;

/** The store the environment configures, as the desk uses it. */
export async function openDeskStore(): Promise<DeskStore> {
  return getStore();
}
