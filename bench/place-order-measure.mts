// Placing an order, timed and counted through the store alone (no shop, no
// page): the demo catalogue plus two products (50 lines need 50 products),
// every product's stock tracked, so each sale also takes stock, and each
// order to Illinois (sales tax) with a 10 % code, so each counts a use. For each
// line count, `orders` carts are filled through the store (addToLine) and
// placed; only store.placeOrder is timed, and only its database work is
// counted, by the bench's own counters loaded from outside the store
// (bench/counting/): Firestore document reads and writes as billed, counted
// on the wire; SQLite rows read and written, counted at better-sqlite3.
// Run by bench/place-order.mjs, which starts the emulator:
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:PORT node --conditions=react-server --import tsx bench/place-order-measure.mts firestore|sqlite [orders]
// Prints one JSON line: { backend, rows: [{ lines, orders, ms: {p50, p95, max, mean}, reads, writes }] }.
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countFirestoreWire, firestoreWireCounts } from "./counting/firestore-wire.mjs";
import { countSqliteRows, sqliteRowCounts } from "./counting/sqlite-rows.mjs";
import type { ExpectedLine, PlaceOrderInput } from "../lib/data/contract/orders";
import type { Product } from "../lib/data/contract/catalog";
import type { Store } from "../lib/data/contract/store";
import { DEFAULT_SHIPPING_ZONES } from "../lib/data/contract/shipping";
import { billFor } from "../lib/data/rules/bill";
import { discountCentsOf } from "../lib/data/rules/discounts";

const backend = process.argv[2];
if (backend !== "firestore" && backend !== "sqlite") throw new Error("usage: place-order-measure.mts firestore|sqlite [orders]");
const orders = Number(process.argv[3] ?? 40);
if (!(Number.isInteger(orders) && orders > 0)) throw new Error("orders must be a positive whole number");
const LINE_COUNTS = [1, 10, 50];
// Not timed nor counted: the first placements warm the connection and the code paths.
const WARMUP = 3;

/** Reads and writes so far, as this backend's counter sees them (Firestore: listeners' snapshots left out, none is open). */
function counted(): { reads: number; writes: number } {
  if (backend === "firestore") {
    const c = firestoreWireCounts()!;
    return { reads: c.documentReads - c.byKind.snapshots.documents, writes: c.documentWrites };
  }
  const c = sqliteRowCounts()!;
  return { reads: c.rowsRead, writes: c.rowsWritten };
}

async function openStore(): Promise<{ store: Store; cleanup: () => void }> {
  if (backend === "firestore") {
    countFirestoreWire();
    const [{ initializeApp }, { getFirestore }, { createFirestoreStore }] = await Promise.all([
      import("firebase-admin/app"),
      import("firebase-admin/firestore"),
      import("../lib/data/firestore/store"),
    ]);
    const app = initializeApp({ projectId: `demo-bench-place-order-${Date.now().toString(36)}` });
    return { store: createFirestoreStore(getFirestore(app)), cleanup: () => {} };
  }
  countSqliteRows();
  const { openSqliteStore } = await import("../lib/data/sqlite/store");
  const dir = mkdtempSync(join(tmpdir(), "bench-place-order-"));
  return { store: openSqliteStore(join(dir, "store.db")), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A card order from "Place order" to paid, 1 line: placed, its Checkout
 * Session made at the project's Stripe stand-in (in this process, through
 * the real SDK) and remembered, paid on the stand-in's page, and Stripe's
 * checkout.session.completed, signed and verified as the webhook does,
 * applied. Timed whole; the store's reads and writes counted as above.
 */
async function measureCardPath(store: Store, cartOf: (lines: number, offset: number) => Promise<PlaceOrderInput>, count: number) {
  const [{ default: Stripe }, { startStripeStandIn }, { startCardPayment }, { applyCardEvent }] = await Promise.all([
    import("stripe"),
    import("../scripts/stripe-stand-in.mjs"),
    import("../lib/payments/start-card-payment"),
    import("../lib/orders/card-webhook"),
  ]);
  const secret = "whsec_benchcardpath";
  const standIn = await startStripeStandIn({ port: 0 });
  const stripe = new Stripe("sk_test_benchcardpath", { host: "127.0.0.1", port: standIn.port, protocol: "http", telemetry: false });
  const setting = {
    successUrl: "http://shop.test/back?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://shop.test/back",
    taxName: "Sales tax",
  };
  const completedEvent = async (sessionId: string) => {
    for (;;) {
      const made = standIn
        .events()
        .find((e) => e.type === "checkout.session.completed" && (e.data.object as { id: string }).id === sessionId);
      if (made) {
        const body = JSON.stringify({ ...made, attempts: undefined });
        return stripe.webhooks.constructEvent(body, stripe.webhooks.generateTestHeaderString({ payload: body, secret }), secret);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  const ms: number[] = [];
  let reads = 0;
  let writes = 0;
  try {
    for (let i = 0; i < count + WARMUP; i++) {
      const input = { ...(await cartOf(1, i)), paymentMethod: "card" as const };
      const before = counted();
      const started = performance.now();
      const { order } = await store.placeOrder(input);
      const start = await startCardPayment(store, stripe, order, setting);
      if (start.kind !== "pay") throw new Error(`no payment page for order ${i}: ${start.kind}`);
      const sessionId = start.url.split("/").at(-1)!;
      const paid = await fetch(`${start.url}/pay`, { method: "POST", redirect: "manual" });
      if (paid.status !== 303) throw new Error(`the stand-in's page answered ${paid.status}`);
      const applied = await applyCardEvent(store, await completedEvent(sessionId));
      if (applied.kind !== "applied") throw new Error(`order ${i} was not marked paid: ${JSON.stringify(applied)}`);
      if (i < WARMUP) continue;
      ms.push(performance.now() - started);
      const after = counted();
      reads += after.reads - before.reads;
      writes += after.writes - before.writes;
    }
  } finally {
    await standIn.close();
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    lines: 1,
    orders: count,
    ms: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)!, mean: ms.reduce((a, b) => a + b, 0) / ms.length },
    reads: reads / count,
    writes: writes / count,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const { store, cleanup } = await openStore();
try {
  // The demo catalogue as the shop seeds it (its dollars read into cents: lib/catalog/demo.ts).
  const demo = (await import("../lib/catalog/demo")).demoProducts();
  const extra = [1, 2].map((n) => ({ ...demo[n], id: `bench-extra-${n}`, name: `${demo[n].name} (bench ${n})` }));
  const products: Product[] = [...demo, ...extra].map((p, i) => ({ ...p, createdAt: 1_700_000_000_000 + i }));
  if (products.length < Math.max(...LINE_COUNTS))
    throw new Error(`${products.length} products cannot fill ${Math.max(...LINE_COUNTS)} lines`);
  await store.upsertProducts(products);
  for (const p of products) await store.setStock(p.id, 1_000_000, null);
  const discount = await store.createDiscount(
    {
      code: `BENCH-${Date.now().toString(36)}`.toUpperCase(),
      kind: "percent",
      value: 10,
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerEmail: null,
    },
    "bench@example.com",
  );

  /** A fresh guest cart of `lines` lines (starting at product `offset`), filled through the store. */
  async function cartOf(lines: number, offset: number): Promise<PlaceOrderInput> {
    const owner = `guest:${randomUUID()}` as const;
    const expected: ExpectedLine[] = [];
    for (let i = 0; i < lines; i++) {
      const product = products[(offset + i) % products.length];
      const quantity = ((offset + i) % 3) + 1;
      await store.addToLine(owner, product.id, quantity);
      expected.push({ productId: product.id, unitPriceCents: product.priceCents, quantity });
    }
    const email = "bench@example.com";
    const address = { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" };
    const subtotal = expected.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const discountCents = discountCentsOf(discount, subtotal);
    const bill = billFor(DEFAULT_SHIPPING_ZONES, address, subtotal, discountCents)!;
    return {
      owner,
      uid: null,
      idempotencyKey: randomUUID(),
      paymentMethod: "pay_on_delivery",
      lines: expected,
      // The bench's store keeps the default zones: what the checkout would show.
      shippingCents: bill.shipping.cents,
      taxCents: bill.tax.cents,
      discountCode: discount.code,
      discountCents,
      contact: { email, name: "Bench Shopper", phone: "" },
      address,
      guestTokenHash: createHash("sha256").update(randomUUID()).digest("hex"),
      confirmation: (order) => ({
        to: email,
        subject: `Your order ${order.reference}`,
        text: `Thank you. Your order ${order.reference}: /orders-page/${order.id}\n${"A line of the order.\n".repeat(lines)}`,
      }),
    };
  }

  const rows = [];
  for (const lines of LINE_COUNTS) {
    for (let i = 0; i < WARMUP; i++) await store.placeOrder(await cartOf(lines, i));
    const ms: number[] = [];
    let reads = 0;
    let writes = 0;
    for (let i = 0; i < orders; i++) {
      const input = await cartOf(lines, i + WARMUP);
      const before = counted();
      const started = performance.now();
      const { created, order } = await store.placeOrder(input);
      ms.push(performance.now() - started);
      const after = counted();
      if (!created || order.lines.length !== lines || order.discountCents === 0 || order.taxCents === 0)
        throw new Error(`order ${i} of ${lines} lines was not placed as asked (with its code and tax)`);
      reads += after.reads - before.reads;
      writes += after.writes - before.writes;
    }
    const sorted = [...ms].sort((a, b) => a - b);
    rows.push({
      lines,
      orders,
      ms: {
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.at(-1)!,
        mean: ms.reduce((a, b) => a + b, 0) / ms.length,
      },
      reads: reads / orders,
      writes: writes / orders,
    });
    console.error(`${backend}: ${lines} lines, p95 ${percentile(sorted, 95).toFixed(1)} ms`);
  }
  const card = await measureCardPath(store, cartOf, orders);
  console.error(`${backend}: by card, placed to paid p95 ${card.ms.p95.toFixed(1)} ms`);
  console.log(JSON.stringify({ backend, rows, card }));
} finally {
  await store.close();
  cleanup();
}
process.exit(0);
