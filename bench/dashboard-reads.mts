// The dashboard's reads at 100,000 orders (issue 42, item 6), on both
// backends, through the shop's own dashboardOf (lib/admin/dashboard/dashboard-reads.ts)
// on the store's adapter, no page:
//   node --conditions=react-server --import tsx bench/dashboard-reads.mts [orders] [--no-comparison]
// Starts its own Firestore emulator and SQLite file. The orders are written
// straight into each store (the placement transaction would take an hour
// here), spread over the last 90 days in every payment state, with their
// sales figures summed by the shop's own rule (salesChange), as the
// placements and steps would have kept them; 40 products tracked, 12 of
// them low. Then the dashboard is read three times on each, and each read's
// documents (Firestore, counted on the wire: bench/counting/) and rows
// (SQLite) are reported, beside the same 30 days read from the orders
// themselves: what the dashboard would cost without its figures.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { dashboardOf } from "../lib/admin/dashboard/dashboard-reads";
import { dashboardWindow } from "../lib/admin/dashboard/dashboard-figures";
import { COLLECTIONS } from "../lib/data/firestore/mapping";
import { ORDER_COLLECTIONS, orderToDoc, SALES_COUNTED } from "../lib/data/firestore/order-docs";
import { stageSalesChange } from "../lib/data/firestore/sales";
import { createFirestoreStore } from "../lib/data/firestore/store";
import type { Order } from "../lib/data/contract/orders";
import type { PaymentState } from "../lib/data/contract/payment-states";
import type { SalesChange } from "../lib/data/contract/sales";
import type { Store } from "../lib/data/contract/store";
import { salesChange } from "../lib/data/rules/sales-figures";
import { toOrderRow } from "../lib/data/sqlite/order-rows";
import { addSalesChange } from "../lib/data/sqlite/sales-rows";
import { openSqliteStore } from "../lib/data/sqlite/store";
import { startFirestoreEmulator } from "../scripts/lib/firestore-emulator.mjs";
import { countFirestoreWire, firestoreWireCounts } from "./counting/firestore-wire.mjs";
import { countSqliteRows, sqliteRowCounts } from "./counting/sqlite-rows.mjs";

const ORDERS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 100_000);
/** --no-comparison: leave out the 30 days read from the orders (about 5 minutes on the emulator at 100,000). */
const COMPARE = !process.argv.includes("--no-comparison");
const PRODUCTS = 40;
const LOW = 12;
const DAY_MS = 86_400_000;
const NOW = Date.now();
const PAYMENTS: PaymentState[] = ["paid", "paid", "paid", "due", "awaiting", "refunded", "voided", "partially_refunded"];

/** A deterministic order: `i` picks its day (last 90), products, quantities and payment. */
function orderOf(i: number): Order {
  const placedAt = NOW - Math.floor(((i * 7919) % (90 * 1440)) * 60_000);
  const payment = PAYMENTS[i % PAYMENTS.length];
  const card = payment === "awaiting" || payment === "partially_refunded";
  const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => {
    const p = (i * 31 + k * 7) % PRODUCTS;
    return {
      productId: `p${p}`,
      name: `Product ${p}`,
      image: "/products/p.webp",
      unitPriceCents: 500 + p * 125,
      quantity: 1 + ((i + k) % 2),
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const taxCents = Math.round(subtotalCents * 0.0625);
  const totalCents = subtotalCents + taxCents;
  const id = `bench-order-${i.toString().padStart(6, "0")}`;
  return {
    id,
    reference: `B${i.toString(36).toUpperCase().padStart(3, "0")}-AAAA-AAAA`,
    owner: `guest:bench-${i}`,
    uid: null,
    guestTokenHashes: ["a".repeat(64)],
    lines,
    subtotalCents,
    shippingCents: 0,
    shippingZone: "Contiguous US",
    discountCode: "",
    discountCents: 0,
    taxCents,
    taxRate: 6250,
    totalCents,
    contact: { email: `shopper${i % 5000}@example.com`, name: "Bench Shopper", phone: "" },
    address: { country: "US", line1: "1 Bench St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
    fulfilment: payment === "voided" ? "cancelled" : "placed",
    payment,
    paymentMethod: card ? "card" : "pay_on_delivery",
    cardSession: null,
    cardRefunds:
      payment === "partially_refunded"
        ? [{ id: `re_${i}`, amountCents: Math.min(500, totalCents - 1), status: "succeeded", at: placedAt }]
        : [],
    trackingNumber: null,
    returnState: i % 97 === 0 ? "requested" : null,
    returnReason: i % 97 === 0 ? "Too small" : null,
    placedAt,
    deliveredAt: null,
    revision: 0,
    history: [],
    erasedAt: null,
  };
}

/** Sums the orders' changes per day, slot and product: what the placements and steps would have added. */
function summed(orders: Order[]): SalesChange[] {
  const byKey = new Map<string, SalesChange>();
  for (const order of orders) {
    const change = salesChange(null, order)!;
    const key = `${change.day}/${change.slot}`;
    const into = byKey.get(key);
    if (!into) {
      byKey.set(key, change);
      continue;
    }
    for (const [name, n] of Object.entries(change.figures)) into.figures[name as keyof typeof into.figures] += n;
    for (const [id, sold] of change.products) {
      const had = into.products.get(id);
      into.products.set(id, had ? { name: sold.name, units: had.units + sold.units, goodsCents: had.goodsCents + sold.goodsCents } : sold);
    }
  }
  return [...byKey.values()];
}

const product = (p: number) => ({
  productName: `Product ${p}`,
  productImage: "/products/p.webp",
  productImages: [{ src: "/products/p.webp", alt: `Product ${p}` }],
  productPrize: (500 + p * 125) / 100,
  productDetails: "A bench product.",
  productType: "Electronics",
});

async function seedFirestore(db: FirebaseFirestore.Firestore, orders: Order[], changes: SalesChange[]) {
  for (let i = 0; i < orders.length; i += 500) {
    const batch = db.batch();
    for (const order of orders.slice(i, i + 500))
      batch.set(db.collection(ORDER_COLLECTIONS.orders).doc(order.id), { ...orderToDoc(order), [SALES_COUNTED]: true });
    await batch.commit();
  }
  // One transaction per day of slots, as the increments of the orders' own transactions would leave them.
  for (const change of changes) await db.runTransaction(async (tx) => stageSalesChange(db, tx, change));
  const batch = db.batch();
  for (let p = 0; p < PRODUCTS; p++) {
    batch.set(db.collection(COLLECTIONS.products).doc(`p${p}`), { ...product(p), createdAt: FieldValue.serverTimestamp() });
    batch.set(db.collection(ORDER_COLLECTIONS.stock).doc(`p${p}`), { count: p < LOW ? p % 5 : 50 + p });
  }
  await batch.commit();
}

function seedSqlite(path: string, orders: Order[], changes: SalesChange[]) {
  openSqliteStore(path).close(); // migrates
  const db = new Database(path);
  const columns = Object.keys(toOrderRow(orders[0]));
  const insert = db.prepare(`INSERT INTO orders (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`);
  const add = addSalesChange(db);
  const product = db.prepare(
    "INSERT INTO products (id, name, name_key, images, price_cents, details, type, created_at) VALUES (?, ?, ?, ?, ?, 'A bench product.', 'Electronics', ?)",
  );
  const stock = db.prepare("INSERT INTO product_stock (product_id, count) VALUES (?, ?)");
  db.transaction(() => {
    for (const order of orders) insert.run(toOrderRow(order));
    for (const change of changes) add(change);
    for (let p = 0; p < PRODUCTS; p++) {
      product.run(
        `p${p}`,
        `Product ${p}`,
        `product ${p}`,
        JSON.stringify([{ src: "/products/p.webp", alt: `Product ${p}` }]),
        500 + p * 125,
        NOW,
      );
      stock.run(`p${p}`, p < LOW ? p % 5 : 50 + p);
    }
  })();
  db.close();
}

/** Three reads of the dashboard: ms each, and what the last one read. */
async function measure(store: Store, reads: () => number) {
  const times: number[] = [];
  let read = 0;
  let totals = "";
  for (let run = 0; run < 3; run++) {
    const before = reads();
    const started = performance.now();
    const dashboard = await dashboardOf(store, NOW);
    times.push(performance.now() - started);
    read = reads() - before;
    totals = `${dashboard.figures.totals.orders} orders, ${dashboard.figures.totals.paidOrders} paid, ${dashboard.waiting.paymentsAwaiting} awaiting payment, ${dashboard.waiting.openReturns} returns, ${dashboard.lowStock.length} low`;
  }
  return { times: times.map((t) => Math.round(t)), read, totals };
}

/** Each of the dashboard's store calls alone, once, in ms: where its time goes. */
async function eachCall(store: Store) {
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return Math.round(performance.now() - started);
  };
  const window = dashboardWindow(NOW, "UTC");
  return {
    settings: await time(() => store.getDashboardSettings()),
    salesDays: await time(() => store.readSalesDays(window.utcFrom, window.utcTo)),
    counts: await time(() => store.countOrdersWaiting()),
    lowStock: await time(() => store.listLowStock(5, 10)),
  };
}

/** The 30 days read from the orders themselves (placedAt range, pages of 500): what the figures save. */
async function ordersOfThirtyDays(store: Store, reads: () => number) {
  const before = reads();
  const started = performance.now();
  let after: string | null = null;
  let orders = 0;
  do {
    const page = await store.listOrders({
      fulfilment: null,
      payment: null,
      returnState: null,
      query: "",
      after,
      limit: 100,
      placedFrom: NOW - 30 * DAY_MS,
    });
    orders += page.orders.length;
    after = page.next;
  } while (after !== null);
  return { ms: Math.round(performance.now() - started), read: reads() - before, orders };
}

countFirestoreWire();
countSqliteRows();
const orders = Array.from({ length: ORDERS }, (_, i) => orderOf(i));
const changes = summed(orders);
console.log(
  `dashboard reads at ${ORDERS.toLocaleString("en-US")} orders (${changes.length} quarter hours with sales), ${new Date(NOW).toISOString()}`,
);

const dir = mkdtempSync(join(tmpdir(), "dashboard-bench-"));
const emulator = await startFirestoreEmulator({ shortLived: true });
try {
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  const path = join(dir, "bench.db");
  let started = performance.now();
  seedSqlite(path, orders, changes);
  console.log(`sqlite: seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  const sqlite = openSqliteStore(path);
  const rows = () => sqliteRowCounts()!.rowsRead;
  const sqliteDashboard = await measure(sqlite, rows);
  const sqliteCalls = await eachCall(sqlite);
  const sqliteOrders = COMPARE ? await ordersOfThirtyDays(sqlite, rows) : null;
  await sqlite.close();
  console.log(`sqlite: dashboard ${sqliteDashboard.times.join(" / ")} ms, ${sqliteDashboard.read} rows read; ${sqliteDashboard.totals}`);
  console.log(`sqlite: each call alone (ms): ${JSON.stringify(sqliteCalls)}`);
  if (sqliteOrders)
    console.log(`sqlite: the 30 days' orders instead: ${sqliteOrders.orders} orders, ${sqliteOrders.read} rows, ${sqliteOrders.ms} ms`);

  const db = getFirestore(initializeApp({ projectId: "demo-dashboard-bench" }));
  started = performance.now();
  await seedFirestore(db, orders, changes);
  console.log(`firestore: seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  const firestore = createFirestoreStore(db);
  const documents = () => firestoreWireCounts()!.documentReads;
  const firestoreDashboard = await measure(firestore, documents);
  const waiting = await firestore.countOrdersWaiting();
  const billedCounts = Math.max(1, Math.ceil(waiting.openReturns / 1000)) + Math.max(1, Math.ceil(waiting.paymentsAwaiting / 1000));
  const firestoreCalls = await eachCall(firestore);
  console.log(`firestore: each call alone (ms): ${JSON.stringify(firestoreCalls)}`);
  const firestoreOrders = COMPARE ? await ordersOfThirtyDays(firestore, documents) : null;
  await firestore.close();
  console.log(
    `firestore: dashboard ${firestoreDashboard.times.join(" / ")} ms, ${firestoreDashboard.read} documents read on the wire (its 2 counts billed ${billedCounts} reads at 1 per 1,000 index entries); ${firestoreDashboard.totals}`,
  );
  if (firestoreOrders)
    console.log(
      `firestore: the 30 days' orders instead: ${firestoreOrders.orders} orders, ${firestoreOrders.read} documents, ${firestoreOrders.ms} ms`,
    );
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
