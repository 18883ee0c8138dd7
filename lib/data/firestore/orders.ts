/**
 * Orders and stock on Firestore (../contract/order-store.ts, order-docs.ts).
 * Placing an order is place-order.ts'. Taking a step is one transaction that
 * reads everything it decides on first (the order, the stock it gives back
 * to) and then writes. Every write of stock runs through stock-writes.ts,
 * and one that changes some product's shown stock creates a stock notice in
 * the same transaction (stock-notices.ts). The rules are
 * ../rules/order-rules.ts' and order-steps.ts'. Arguments arrive parsed
 * (validating-store.ts); ids still pass docId (paths.ts).
 */
import {
  FieldPath,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QueryDocumentSnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { StoreError } from "../contract/errors";
import { emailKey, looksLikeReference, referenceKey, stepMessageId } from "../rules/order-rules";
import { applyStep } from "../rules/order-steps";
import { salesChange } from "../rules/sales-figures";
import { isSalesCounted, stageSalesChange } from "./sales";
import type { Order } from "../contract/orders";
import type { OrderListFilter } from "../contract/order-list-filter";
import type { OrderPage, OrderStore, StockCount, StockStore } from "../contract/order-store";
import { decodePageCursor, encodePageCursor, isTimeIdPosition } from "../rules/page-cursor";
import { shownStockChanges, stockAfterMoving } from "../rules/stock-notices";
import { inStockFlips } from "../rules/stock-shown";
import type { FirestoreContext } from "./context";
import type { CallDeadline } from "./guard";
import { COLLECTIONS } from "./mapping";
import { erasedOrderFields, ORDER_COLLECTIONS, orderFromDoc, orderToDoc, SALES_COUNTED } from "./order-docs";
import { stageEmail } from "./outbox";
import { docId } from "./paths";
import { giveDiscountUseBack } from "./discounts";
import { firestorePlacement } from "./place-order";
import { firestoreStockNotices } from "./stock-notices";
import { stockStager, type WithNotice } from "./stock-writes";
import { readStockCounts, stockOf } from "./stock-docs";
import { syncInStockFlags } from "./in-stock";

const newestFirst = (a: Order, b: Order) => b.placedAt - a.placedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Everything of orders and stock but the new orders' feed (new-orders-watch.ts). */
export function firestoreOrders({
  db,
  guard,
  cartClock,
  options,
  onClose,
  ensureOpen,
}: FirestoreContext): Omit<OrderStore, "watchNewOrders" | "addOrderLink" | "watchOrder" | "setCardSession"> & StockStore {
  const orders = db.collection(ORDER_COLLECTIONS.orders);
  const orderRef = (id: string) => orders.doc(docId(id, "order id"));
  const productRef = (id: string) => db.collection(COLLECTIONS.products).doc(docId(id, "product id"));
  const stockRef = (id: string) => db.collection(ORDER_COLLECTIONS.stock).doc(docId(id, "product id"));

  /**
   * Blanks each order's contact and address, and its emails' (one not sent
   * yet is failed), in batches of 400 writes; how many orders. An order's
   * write is an update of only the fields erasure changes: a step committed
   * since the read (paid, refunded) is never written back over, and an
   * order gone since is not made again as a fragment (its batch fails).
   */
  async function eraseOrderDocs(snaps: QueryDocumentSnapshot[]): Promise<number> {
    const at = cartClock();
    const writes: [DocumentReference, DocumentData, "update" | "merge"][] = [];
    for (const snap of snaps) {
      writes.push([snap.ref, erasedOrderFields(orderFromDoc(snap.id, snap.data()), at), "update"]);
      const emails = await db.collection(ORDER_COLLECTIONS.outbox).where("orderId", "==", snap.id).get();
      for (const mail of emails.docs) {
        const pending = mail.get("state") === "pending";
        writes.push([
          mail.ref,
          { to: "erased", text: "", leasedUntil: null, ...(pending ? { state: "failed", lastError: "customer erased" } : {}) },
          "merge",
        ]);
      }
    }
    for (let i = 0; i < writes.length; i += 400) {
      const batch = db.batch();
      for (const [ref, data, how] of writes.slice(i, i + 400)) {
        if (how === "update") batch.update(ref, data);
        else batch.set(ref, data, { merge: true });
      }
      await batch.commit();
    }
    return snaps.length;
  }
  const referenceRef = (key: string) => db.collection(ORDER_COLLECTIONS.orderReferences).doc(docId(key, "reference"));
  const keyRef = (owner: string, key: string) =>
    db.collection(ORDER_COLLECTIONS.orderKeys).doc(docId(`${owner}~${key}`, "idempotency key"));
  const newest = (query: Query) => query.orderBy("placedAt", "desc").orderBy(FieldPath.documentId(), "asc");
  const toOrders = (snaps: DocumentSnapshot[]) => snaps.map((snap) => orderFromDoc(snap.id, snap.data()!));
  const notices = firestoreStockNotices(db.collection(ORDER_COLLECTIONS.stockNotices), options.listeners);
  onClose(() => notices.close());

  const stageStock = stockStager(stockRef, notices);

  /**
   * Runs a stock-writing transaction, claiming `deadline` right before its
   * commit (guard.ts: a caller told "unavailable" gets nothing written); once
   * it commits, announces its notice here.
   */
  const withNotice = async <T>(body: (tx: Transaction) => Promise<WithNotice<T>>, deadline: CallDeadline): Promise<T> => {
    let claimed = false;
    const release = (committed: boolean) => {
      if (claimed) deadline.release(committed);
      claimed = false;
    };
    try {
      const {
        result,
        notice,
        flips = [],
      } = await db.runTransaction(async (tx) => {
        release(false); // a rerun: the attempt before it wrote nothing
        const staged = await body(tx);
        if (!deadline.claim()) throw new StoreError("unavailable", "Its caller gave up before the write");
        claimed = true;
        return staged;
      });
      release(true);
      // The flags first: this instance's expiry of the pages "in stock only" then reads them set.
      await syncInStockFlags(db, productRef, stockRef, flips);
      if (notice) notices.announceLocalWrite(notice.id, notice.productIds);
      return result;
    } finally {
      release(false);
    }
  };
  const placeOrder = firestorePlacement({ db, orderRef, productRef, stockRef, referenceRef, keyRef }, withNotice, stageStock, cartClock);

  async function listOrders(filter: OrderListFilter): Promise<OrderPage> {
    const wanted = (order: Order) =>
      (filter.fulfilment === null || order.fulfilment === filter.fulfilment) &&
      (filter.payment === null || order.payment === filter.payment) &&
      (filter.returnState === null || order.returnState === filter.returnState);
    // A reference names one order at most: read by its key, the filter applied here.
    if (filter.query !== "" && looksLikeReference(filter.query)) {
      const snaps = (await orders.where("referenceKey", "==", referenceKey(filter.query)).limit(1).get()).docs;
      return { orders: toOrders(snaps).filter(wanted), next: null };
    }
    // Each equality filter has its own composite index ending placedAt desc,
    // __name__ asc (query-shapes.ts); Firestore merges them for combinations.
    let query: Query = orders;
    if (filter.fulfilment !== null) query = query.where("fulfilment", "==", filter.fulfilment);
    if (filter.payment !== null) query = query.where("payment", "==", filter.payment);
    if (filter.returnState !== null) query = query.where("returnState", "==", filter.returnState);
    if (filter.query !== "") query = query.where("emailKey", "==", emailKey(filter.query));
    // A range on placedAt, the field the list is ordered by: the same indexes serve it.
    if (filter.placedFrom !== undefined) query = query.where("placedAt", ">=", filter.placedFrom);
    if (filter.placedBefore !== undefined) query = query.where("placedAt", "<", filter.placedBefore);
    query = newest(query);
    if (filter.after !== null) query = query.startAfter(...decodePageCursor(filter.after, isTimeIdPosition));
    const snaps = (await query.limit(filter.limit + 1).get()).docs;
    const page = toOrders(snaps.slice(0, filter.limit));
    const last = page.at(-1);
    return { orders: page, next: snaps.length > filter.limit && last ? encodePageCursor([last.placedAt, last.id]) : null };
  }

  return {
    placeOrder: (input) => guard((deadline) => placeOrder(input, deadline)),

    getOrder: (id) =>
      guard(async () => {
        const snap = await orderRef(id).get();
        return snap.exists ? orderFromDoc(snap.id, snap.data()!) : null;
      }),

    getOrderByReference: (reference) =>
      guard(async () => {
        const [snap] = (await orders.where("referenceKey", "==", referenceKey(reference)).limit(1).get()).docs;
        return snap ? orderFromDoc(snap.id, snap.data()) : null;
      }),

    listShopperOrders: (uid, verifiedEmail, limit) =>
      guard(async () => {
        const [own, guests] = await Promise.all([
          newest(orders.where("uid", "==", uid))
            .limit(limit)
            .get(),
          verifiedEmail === null
            ? null
            : newest(orders.where("uid", "==", null).where("emailKey", "==", emailKey(verifiedEmail)))
                .limit(limit)
                .get(),
        ]);
        return [...toOrders(own.docs), ...toOrders(guests?.docs ?? [])].sort(newestFirst).slice(0, limit);
      }),

    listOrders: (filter) => guard(() => listOrders(filter)),

    takeOrderStep: (orderId, input) =>
      guard((deadline) =>
        withNotice(async (tx): Promise<WithNotice<Order>> => {
          const ref = orderRef(orderId);
          const snap = await tx.get(ref);
          if (!snap.exists) throw new StoreError("not_found", `No order with id ${orderId}`);
          const at = cartClock();
          const before = orderFromDoc(snap.id, snap.data()!);
          const { order, restock, discountBack } = applyStep(before, input, at);
          // A counted order's step adds its change; one not counted yet is left to
          // countUncountedOrders, which counts it whole as it then is (sales.ts).
          const counted = isSalesCounted(snap.data());
          const back = [...restock.keys()];
          const stockSnaps = back.length === 0 ? [] : await tx.getAll(...back.map(stockRef));
          if (discountBack) await giveDiscountUseBack(db, tx, discountBack.code, discountBack.email);
          tx.set(ref, { ...orderToDoc(order), [SALES_COUNTED]: counted });
          if (counted) stageSalesChange(db, tx, salesChange(before, order));
          // A product no longer tracked gets nothing back.
          const stock = new Map(back.map((id, i): [string, StockCount] => [id, stockOf(stockSnaps[i])]));
          const { notice, flips } = stageStock(tx, stock, stockAfterMoving(stock, restock));
          stageEmail(db, tx, order.id, order.revision, stepMessageId(order.id, order.revision), input.email(order), at);
          return { result: order, notice, flips };
        }, deadline),
      ),

    // Orders of one email are few: read by emailKey, each with its emails by
    // orderId, and rewritten in batches (erasing again rewrites the same blanks).
    eraseCustomer: (email) => guard(async () => eraseOrderDocs((await orders.where("emailKey", "==", emailKey(email)).get()).docs)),

    eraseAccountOrders: (uid) =>
      guard(async () => {
        const snaps = (await orders.where("uid", "==", uid).get()).docs;
        return eraseOrderDocs(snaps.filter((snap) => snap.get("erasedAt") == null));
      }),

    getStock: (productIds) => guard(() => readStockCounts(db, productIds)),

    setStock: (productId, count, expected) =>
      guard((deadline) =>
        withNotice(async (tx): Promise<WithNotice<void>> => {
          const [stockSnap, productSnap] = await tx.getAll(stockRef(productId), productRef(productId));
          const current = stockOf(stockSnap);
          if (current !== expected)
            throw new StoreError("conflict", `The stock changed since (now ${current ?? "not tracked"})`, { stock: "changed" });
          if (count !== null && !productSnap.exists) throw new StoreError("not_found", `No product with id ${productId}`);
          if (count === null) tx.delete(stockSnap.ref);
          else tx.set(stockSnap.ref, { count });
          const productIds = shownStockChanges(new Map([[productId, current]]), new Map([[productId, count]]));
          const id = notices.stage(tx, productIds);
          const flips = inStockFlips(new Map([[productId, current]]), new Map([[productId, count]]));
          return { result: undefined, notice: id === null ? null : { id, productIds }, flips };
        }, deadline),
      ),

    watchStock: (onChange) => {
      ensureOpen();
      return notices.subscribe(onChange);
    },
  };
}
