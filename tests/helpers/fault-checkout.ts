/**
 * The checkout the fault rehearsals submit (checkout-store-faults.test.ts on
 * SQLite, firestore-store-faults.test.ts on Firestore): a guest's two items
 * at $20.00 each, billed as the checkout shows them (the contiguous zone's
 * $5.00, DC's 6 % of both), and the request that places it on a given store.
 */
import type { CartOwner } from "@/lib/data/contract/cart";
import type { PlaceOrderRequest } from "@/lib/orders/place-order";
import type { OrderingStore } from "@/lib/orders/ordering-store";
import { formOf } from "./action-inputs";
import { CHECKOUT_FIELDS } from "./fixtures";

/** The checkout form for two of `item` at $20.00; `n` makes its idempotency key (the same `n`, the same submit). */
export const twoAtTwentyForm = (n: number, item: string) =>
  formOf({
    ...CHECKOUT_FIELDS,
    shipping: "500",
    tax: "270",
    discount: "0",
    idempotencyKey: `7f1c2a4e-9b8d-4c3b-8a7e-${String(n).padStart(12, "0")}`,
    line: `${item}|2000|2`,
  });

/** A checkout by `owner` on `store`: no rate limit, no card payments, nothing after placement. */
export const checkoutOn = (store: OrderingStore, owner: CartOwner): PlaceOrderRequest => ({
  owner: async () => owner,
  store: async () => store,
  secret: () => "test secret",
  limit: async () => null,
  afterPlaced: () => {},
  takesCards: () => false,
});
