/**
 * The store as the orders' code uses it: the catalogue, carts and the
 * orders' contract (lib/data/contract/order-store.ts), all part of `Store`.
 */
import "server-only";
import { getStore } from "@/lib/data";
import type { Store } from "@/lib/data/contract/store";

export type OrderingStore = Store;

export const orderingStore: () => Promise<OrderingStore> = getStore;
