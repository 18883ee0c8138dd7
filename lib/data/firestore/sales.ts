/**
 * The dashboard's figures on Firestore (../contract/sales.ts).
 *
 * - salesDays/{YYYY-MM-DD}: {slots: {"<quarter hour>": SalesFigures},
 *   products: {"<product id>": ProductSales}}, every number kept by
 *   FieldValue.increment from the transaction that writes an order
 *   (place-order.ts, orders.ts), a blind write: placements contend on no
 *   read of it. One document per day takes every order of that day, so
 *   Firestore's guidance of about one sustained write per second per
 *   document bounds a day at about 86,000 order writes.
 * - orders/{id}.salesCounted: true once the figures count the order (its
 *   placement, or countUncountedOrders for an order from before them); a
 *   step adds its change only to a counted order, so nothing is counted
 *   twice or half.
 *
 * The orders waiting are count() aggregations on the orders' state indexes
 * (billed one read per 1,000 index entries, no document read); low stock one
 * query on stock's counts and a read of those products' names.
 */
import { log } from "@/lib/log";
import { FieldPath, FieldValue, type DocumentData, type Firestore, type Transaction } from "firebase-admin/firestore";
import {
  DEFAULT_DASHBOARD_SETTINGS,
  type DashboardSettingsStore,
  type DashboardSettingsValue,
  type LowStockProduct,
  type SalesChange,
  type SalesDay,
  type SalesStore,
} from "../contract/sales";
import { salesChange } from "../rules/sales-figures";
import type { FirestoreContext } from "./context";
import { COLLECTIONS } from "./mapping";
import { ORDER_COLLECTIONS, orderFromDoc, SALES_COUNTED } from "./order-docs";
import { firestoreSetting, type Setting } from "./settings";

const SALES_DAYS = "salesDays";
const DEFAULT_PAGE = 200;
/** How many pages of stock documents a low-stock list reads at most. */
const LOW_STOCK_PAGES = 20;

const DASHBOARD_SETTING: Setting<DashboardSettingsValue> = {
  key: "dashboard",
  field: "dashboard",
  fallback: () => DEFAULT_DASHBOARD_SETTINGS,
  what: "The dashboard's settings",
};

/** Stages `change` in `tx`: increments of its day's slot and products. */
export function stageSalesChange(db: Firestore, tx: Transaction, change: SalesChange | null): void {
  if (change === null) return;
  const slot = Object.fromEntries(Object.entries(change.figures).map(([name, n]) => [name, FieldValue.increment(n)]));
  const products = Object.fromEntries(
    [...change.products].map(([id, sold]) => [
      id,
      { name: sold.name, units: FieldValue.increment(sold.units), goodsCents: FieldValue.increment(sold.goodsCents) },
    ]),
  );
  // An empty map in a merge replaces the field: products only when some moved.
  const fields = change.products.size > 0 ? { slots: { [change.slot]: slot }, products } : { slots: { [change.slot]: slot } };
  tx.set(db.collection(SALES_DAYS).doc(change.day), fields, { merge: true });
}

/** Whether an order's document is counted in the figures. */
export const isSalesCounted = (data: DocumentData | undefined) => data?.[SALES_COUNTED] === true;

type Figures = SalesDay["slots"][number];

export function firestoreSales(context: FirestoreContext): SalesStore & DashboardSettingsStore {
  const { db, guard } = context;
  const orders = db.collection(ORDER_COLLECTIONS.orders);
  const setting = firestoreSetting(context, DASHBOARD_SETTING);

  return {
    readSalesDays: (from, to) =>
      guard(async () => {
        const snaps = await db
          .collection(SALES_DAYS)
          .where(FieldPath.documentId(), ">=", from)
          .where(FieldPath.documentId(), "<=", to)
          .get();
        return snaps.docs.map((snap): SalesDay => {
          const slots: SalesDay["slots"] = {};
          for (const [slot, figures] of Object.entries((snap.get("slots") ?? {}) as Record<string, Figures>)) {
            if (figures && Object.values(figures).some((n) => n !== 0)) slots[Number(slot)] = figures;
          }
          const products: SalesDay["products"] = {};
          for (const [id, sold] of Object.entries((snap.get("products") ?? {}) as SalesDay["products"])) {
            if (sold.units !== 0 || sold.goodsCents !== 0) products[id] = sold;
          }
          return { day: snap.id, slots, products };
        });
      }),
    countOrdersWaiting: () =>
      guard(async () => {
        const [returns, awaiting] = await Promise.all([
          orders.where("returnState", "==", "requested").count().get(),
          orders.where("payment", "in", ["due", "awaiting"]).count().get(),
        ]);
        return { openReturns: returns.data().count, paymentsAwaiting: awaiting.data().count };
      }),
    // A deleted product keeps its stock document (the count outlives it), so
    // pages of stock are read until `limit` products that still exist are
    // found, at most LOW_STOCK_PAGES of them (said in a log line when a
    // dashboard's list stops short for it).
    listLowStock: (atMost, limit) =>
      guard(async () => {
        const low: LowStockProduct[] = [];
        const lowest = db.collection(ORDER_COLLECTIONS.stock).where("count", "<=", atMost).orderBy("count").orderBy(FieldPath.documentId());
        let page = await lowest.limit(limit).get();
        for (let pages = 1; !page.empty; pages += 1) {
          const products = await db.getAll(...page.docs.map((snap) => db.collection(COLLECTIONS.products).doc(snap.id)));
          for (const [i, snap] of page.docs.entries()) {
            if (products[i].exists && low.length < limit) {
              low.push({ productId: snap.id, name: String(products[i].get("productName")), count: snap.get("count") as number });
            }
          }
          if (low.length === limit || page.size < limit) break;
          if (pages === LOW_STOCK_PAGES) {
            log.warn("sales.low_stock_cut", "The low-stock list stopped short: deleted products' stock documents fill its pages", {
              pages,
              found: low.length,
            });
            break;
          }
          page = await lowest
            .startAfter(page.docs[page.size - 1])
            .limit(limit)
            .get();
        }
        return low;
      }),
    countUncountedOrders: uncountedOrderCounter(context),
    getDashboardSettings: async () => {
      const { value, revision } = await setting.get();
      return { ...value, revision };
    },
    setDashboardSettings: async (value, expected, by) => {
      const saved = await setting.set(value, expected, by);
      return { ...saved.value, revision: saved.revision };
    },
  };
}

/** SalesStore.countUncountedOrders: the orders by id in pages, each one not counted yet counted in its own transaction. */
function uncountedOrderCounter({ db, guard }: FirestoreContext): SalesStore["countUncountedOrders"] {
  const orders = db.collection(ORDER_COLLECTIONS.orders);
  /** Counts one order in its own transaction unless it already is; whether it did. */
  const countOne = (id: string) =>
    db.runTransaction(async (tx) => {
      const snap = await tx.get(orders.doc(id));
      if (!snap.exists || isSalesCounted(snap.data())) return false;
      stageSalesChange(db, tx, salesChange(null, orderFromDoc(snap.id, snap.data()!)));
      tx.update(snap.ref, { [SALES_COUNTED]: true });
      return true;
    });

  // One guarded call per page and per order counted: a whole scan would outlast any one call's deadline.
  return async (pageSize = DEFAULT_PAGE) => {
    let scanned = 0;
    let counted = 0;
    let after: string | null = null;
    for (;;) {
      const from: string | null = after;
      const ids = await guard(async () => {
        let page = orders.orderBy(FieldPath.documentId()).select(SALES_COUNTED).limit(pageSize);
        if (from !== null) page = page.startAfter(from);
        return (await page.get()).docs.map((snap) => ({ id: snap.id, counted: isSalesCounted(snap.data()) }));
      });
      scanned += ids.length;
      for (const { id } of ids.filter((order) => !order.counted)) if (await guard(() => countOne(id))) counted += 1;
      if (ids.length < pageSize) return { scanned, counted };
      after = ids.at(-1)!.id;
    }
  };
}
