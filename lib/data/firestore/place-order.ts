/**
 * Placing an order on Firestore (OrderStore.placeOrder): one transaction that
 * reads everything it decides on first (the idempotency key, the cart, its
 * products, the shipping zones, the drawn reference) and then writes (the order, its reference,
 * the key, the confirmation, the emptied cart, the stock taken, a stock
 * notice). The rules are ../rules/order-rules.ts'.
 *
 * Two checkouts at once, on one instance or two, never wait on each other's
 * locks: each reads in its transaction only its own key and reference, the
 * shipping zones and the products, which no checkout writes; the cart
 * (cart-write.ts readCartToEmpty), the stock and a code's uses are read
 * outside the transaction and written with preconditions (unlocked-reads.ts). Of two checkouts of the last unit the
 * first commit lands; the second is refused by its precondition, wrote
 * nothing, and runs again here: it reads 0 and is refused out_of_stock.
 * A discount code's use is counted the same way (discounts.ts). Each run
 * follows another write's commit to the same stock or code, within the
 * call's deadline, so a run's failure is always the shopper's answer:
 * placed, refused, or (past the deadline) "unavailable" with nothing written.
 */
import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import {
  REFERENCE_ATTEMPTS,
  confirmationMessageId,
  newOrder,
  newOrderId,
  newReference,
  placementRefusals,
  referenceKey,
  referenceTakenError,
  refusalError,
} from "../rules/order-rules";
import { stockAfterTaking } from "../rules/stock-notices";
import type { PlaceOrderResult } from "../contract/order-store";
import type { PlaceOrderInput } from "../contract/orders";
import type { Product } from "../contract/catalog";
import { cartRefs, readCartToEmpty } from "./cart-write";
import type { CallDeadline } from "./guard";
import { productFromDoc } from "./mapping";
import { orderFromDoc, orderToDoc, SALES_COUNTED } from "./order-docs";
import { stageEmail } from "./outbox";
import { stageSalesChange } from "./sales";
import { salesChange } from "../rules/sales-figures";
import { PAYMENT_SETTING } from "./payment-settings";
import { settingOfSnap, settingRef } from "./settings";
import { SHIPPING_SETTING } from "./shipping";
import { readDiscountUnlocked } from "./discounts";
import { readStockUnlocked, type WithNotice, type stockStager } from "./stock-writes";
import { rerunWhileMoved } from "./unlocked-reads";

/** The documents a placement reads and writes. */
export interface PlacementRefs {
  db: Firestore;
  orderRef(id: string): DocumentReference;
  productRef(id: string): DocumentReference;
  stockRef(id: string): DocumentReference;
  referenceRef(key: string): DocumentReference;
  keyRef(owner: string, key: string): DocumentReference;
}

type Transact = <T>(body: (tx: Transaction) => Promise<WithNotice<T>>, deadline: CallDeadline) => Promise<T>;

/**
 * Returns `placeOrder(input, deadline)`. `transact` runs one transaction
 * (claiming the deadline before its commit), `stageStock` stages the stock
 * taken and its notice.
 */
export function firestorePlacement(
  refs: PlacementRefs,
  transact: Transact,
  stageStock: ReturnType<typeof stockStager>,
  clock: () => number,
) {
  /** One transaction's reads and staged writes. */
  async function place(tx: Transaction, input: PlaceOrderInput): Promise<WithNotice<PlaceOrderResult>> {
    const idempotency = refs.keyRef(input.owner, input.idempotencyKey);
    const known = await tx.get(idempotency);
    if (known.exists) {
      const order = await tx.get(refs.orderRef(String(known.get("orderId"))));
      return { result: { order: orderFromDoc(order.id, order.data()!), created: false, stockShownChanged: [] }, notice: null };
    }
    const at = clock();
    const shown = input.lines.map((line) => line.productId);
    const { write: cartWrite, lines: cart } = await readCartToEmpty(cartRefs(refs.db, input.owner), at, shown);
    const ids = cart.map((line) => line.productId);
    // The settings (zones, pay on delivery) and products under the transaction's lock (a save or an edit waits for it), the stock unlocked: one round trip.
    // The discount code, like the stock, unlocked.
    const code = input.discountCode;
    const [[zonesSnap, paymentsSnap, ...productSnaps], unlocked, discount] = await Promise.all([
      tx.getAll(settingRef(refs.db, SHIPPING_SETTING), settingRef(refs.db, PAYMENT_SETTING), ...ids.map(refs.productRef)),
      readStockUnlocked(refs.db, refs.stockRef, ids),
      code === null ? null : readDiscountUnlocked(refs.db, code, input.contact.email),
    ]);
    const products = new Map<string, Product | null>(ids.map((id, i) => [id, productFromDoc(productSnaps[i])]));
    const stock = unlocked.counts;
    const reads = {
      cart,
      products,
      stock,
      zones: settingOfSnap(zonesSnap, SHIPPING_SETTING).value,
      payOnDelivery: settingOfSnap(paymentsSnap, PAYMENT_SETTING).value,
      discount: discount?.discount ?? null,
      discountUsesByEmail: discount?.usesByEmail ?? 0,
    };
    const refusals = placementRefusals(input, reads, at);
    if (Object.keys(refusals).length > 0) throw refusalError(refusals);
    // A drawn reference is used once its document exists: one read, another only on a (rare) collision.
    let reference: string | null = null;
    for (let i = 0; i < REFERENCE_ATTEMPTS && reference === null; i++) {
      const drawn = newReference();
      if (!(await tx.get(refs.referenceRef(referenceKey(drawn)))).exists) reference = drawn;
    }
    if (reference === null) throw referenceTakenError();
    const order = newOrder(input, reads, newOrderId(), reference, at);

    // Every read is done: the writes.
    for (const id of ids) cartWrite.remove(id);
    await cartWrite.commit(tx);
    tx.create(refs.orderRef(order.id), { ...orderToDoc(order), [SALES_COUNTED]: true });
    stageSalesChange(refs.db, tx, salesChange(null, order));
    tx.create(refs.referenceRef(referenceKey(order.reference)), { orderId: order.id });
    const { productIds, notice, flips } = stageStock(tx, stock, stockAfterTaking(stock, order.lines), unlocked.readAt);
    discount?.stageUse(tx);
    stageEmail(refs.db, tx, order.id, 0, confirmationMessageId(order.id), input.confirmation(order), at);
    tx.create(idempotency, { orderId: order.id, owner: input.owner, at });
    return { result: { order, created: true, stockShownChanged: productIds }, notice, flips };
  }

  const placeOnce = (input: PlaceOrderInput, deadline: CallDeadline): Promise<PlaceOrderResult> =>
    rerunWhileMoved(() => transact((tx) => place(tx, input), deadline), deadline.signal);

  return oneAtATimePerOwner(placeOnce);
}

/**
 * Runs `place` for one cart owner at a time on this instance: placements of
 * one cart (a double submit) run one after the other here. Both would read
 * the same idempotency key in their transactions and lock it, which the
 * emulator resolves only by its 2 s lock timeout, aborting both, and their
 * reruns could collide again past the deadline. The transaction stays the
 * guarantee across instances.
 */
function oneAtATimePerOwner(
  place: (input: PlaceOrderInput, deadline: CallDeadline) => Promise<PlaceOrderResult>,
): (input: PlaceOrderInput, deadline: CallDeadline) => Promise<PlaceOrderResult> {
  const running = new Map<string, Promise<unknown>>();
  return (input, deadline) => {
    const before = running.get(input.owner) ?? Promise.resolve();
    const placed = before.catch(() => undefined).then(() => place(input, deadline));
    running.set(input.owner, placed);
    void placed
      .finally(() => {
        if (running.get(input.owner) === placed) running.delete(input.owner);
      })
      .catch(() => undefined);
    return placed;
  };
}
