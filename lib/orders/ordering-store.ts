/**
 * The store as the orders' code uses it: the catalogue, carts and the
 * orders' contract (lib/data/order-types.ts), all part of `Store`.
 */
import "server-only";
import { getStore } from "@/lib/data";
import type { Store } from "@/lib/data/types";

export type OrderingStore = Store;

export const orderingStore: () => Promise<OrderingStore> = getStore;
