/**
 * The store as the orders' code uses it: the catalogue and carts with the
 * orders' contract (lib/data/order-types.ts).
 */
import "server-only";
import { getStore } from "@/lib/data";
import type { OrderStore } from "@/lib/data/order-types";
import type { Store } from "@/lib/data/types";

export type OrderingStore = Store & OrderStore;

export async function orderingStore(): Promise<OrderingStore> {
  // Store extends OrderStore once the orders' adapters are merged; until then the cast names the contract it is built against.
  return (await getStore()) as OrderingStore;
}
