import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Product } from "@/lib/data/contract/catalog";
import type { Order } from "@/lib/data/contract/orders";
import type { OrderStep } from "@/lib/data/contract/order-states";
import { DEFAULT_DASHBOARD_SETTINGS, type SalesFigures } from "@/lib/data/contract/sales";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { emailOf, newProduct, placeGuestOrder } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const ADMIN = "admin@example.com";
/** 2030-03-04 10:07 UTC: the day's quarter hour 40. */
const PLACED_AT = Date.UTC(2030, 2, 4, 10, 7);
const DAY = "2030-03-04";

/** The clock a store's writes run on, moved by the test. */
function movableClock(start: number) {
  let now = start;
  return { now: () => now, set: (at: number) => void (now = at) };
}

/**
 * The dashboard's figures (../../lib/data/contract/sales.ts) on every
 * adapter: each order counted in its UTC day's quarter hour by its own
 * placement, a payment, a refund and a cancel each changing only their
 * order's share, read alike by a second instance; the orders waiting counted
 * on the indexes; low stock; the dashboard's settings saved by revision.
 * The figures below are worked by hand from the orders' bills.
 */
export function salesContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("sales figures", () => {
    let store: Store;
    let clock: ReturnType<typeof movableClock>;
    let lamp: Product;
    let mug: Product;
    beforeEach(async () => {
      clock = movableClock(PLACED_AT);
      store = await open({ cartClock: clock.now });
      lamp = await store.addProduct(newProduct({ name: "Sales Lamp", priceCents: 4000 }));
      mug = await store.addProduct(newProduct({ name: "Sales Mug", priceCents: 1250 }));
    });
    afterEach(() => store.close());

    const step = (order: Order, name: OrderStep, note = "") =>
      store.takeOrderStep(order.id, {
        step: name,
        expectedRevision: order.revision,
        by: ADMIN,
        note,
        email: emailOf("pat@example.com", name),
      });
    const stripe = (order: Order, name: OrderStep, note: string, refund?: { id: string; amountCents: number }) =>
      store.takeOrderStep(order.id, {
        step: name,
        expectedRevision: order.revision,
        by: name === "refund_by_card" ? ADMIN : "stripe",
        note,
        email: emailOf("pat@example.com", name),
        ...(refund ? { refund } : {}),
      });
    const figuresOf = async (reader: Store = store) => {
      const days = await reader.readSalesDays(DAY, DAY);
      assert.deepEqual(
        days.map((day) => [day.day, Object.keys(day.slots)]),
        [[DAY, ["40"]]],
        "one day, one quarter hour",
      );
      return { slot: days[0].slots[40] as SalesFigures, products: days[0].products };
    };

    it("counts each order in its quarter hour: placed, paid on delivery, paid by card and partly refunded, cancelled", async () => {
      // Paid on delivery: 2 lamps. Illinois tax 6.25 % (6250) on 8000 is 500; shipping by the default zone.
      let delivered = await placeGuestOrder(store, lamp, { quantity: 2, paymentMethod: "pay_on_delivery" });
      assert.deepEqual([delivered.subtotalCents, delivered.taxCents, delivered.taxRate], [8000, 500, 6250]);
      const before = await figuresOf();
      assert.deepEqual(before.slot, { orders: 1, paidOrders: 0, salesCents: 0, taxCents: 0, shippingCents: 0, refundedCents: 0 });
      assert.deepEqual(before.products, {}, "an unpaid order sold nothing yet");
      const card = await placeGuestOrder(store, mug, { quantity: 4, paymentMethod: "card" });
      const cancelled = await placeGuestOrder(store, mug, { quantity: 1, paymentMethod: "pay_on_delivery" });

      // Days later, each step changes its order's share in the quarter hour it was placed in.
      clock.set(PLACED_AT + 3 * 86_400_000);
      delivered = await step(await step(await step(delivered, "ship", "1Z999"), "deliver"), "record_payment");
      // By card: 4 mugs (5000, tax 313), paid, then 1063 refunded (one mug, 1250, and its tax: 1000 + 63 by the rate).
      const paid = await stripe(card, "card_paid", "evt_paid");
      const asked = await stripe(paid, "refund_by_card", "$10.63", { id: "re_one", amountCents: 1063 });
      await stripe(asked, "card_refunded", "evt_refunded", { id: "re_one", amountCents: 1063 });
      // Cancelled before it was paid: placed, nothing sold.
      await step(cancelled, "cancel");

      const { slot, products } = await figuresOf();
      const shipping = delivered.shippingCents + card.shippingCents;
      assert.deepEqual(slot, {
        orders: 3,
        paidOrders: 2,
        salesCents: 8000 + 5000 - 1000,
        taxCents: 500 + card.taxCents - 63,
        shippingCents: shipping,
        refundedCents: 1063,
      });
      assert.equal(card.taxCents, 313);
      assert.deepEqual(products, {
        [lamp.id]: { name: "Sales Lamp", units: 2, goodsCents: 8000 },
        [mug.id]: { name: "Sales Mug", units: 4, goodsCents: 5000 },
      });

      // A second instance reads the same; a day without sales is absent.
      const second = await openSecond(store);
      try {
        assert.deepEqual((await figuresOf(second)).slot, slot);
        assert.deepEqual(await second.readSalesDays("2030-03-05", "2030-03-31"), []);
      } finally {
        await second.close();
      }
    });

    it("takes back all of an order refunded whole: its goods, tax and shipping, and its products", async () => {
      let order = await placeGuestOrder(store, lamp, { quantity: 1, paymentMethod: "pay_on_delivery" });
      order = await step(await step(await step(order, "ship", "1Z1"), "deliver"), "record_payment");
      assert.equal((await figuresOf()).slot.paidOrders, 1);
      order = await step(order, "refund");
      assert.equal(order.payment, "refunded");
      const { slot, products } = await figuresOf();
      assert.deepEqual(slot, { orders: 1, paidOrders: 1, salesCents: 0, taxCents: 0, shippingCents: 0, refundedCents: order.totalCents });
      assert.deepEqual(products, {});
    });

    it("refuses a range that runs backwards, is longer than 62 days or names no real day; writes nothing", async () => {
      await rejectsWith(store.readSalesDays("2030-03-05", "2030-03-04"), "invalid_input");
      await rejectsWith(store.readSalesDays("2030-01-01", "2030-03-04"), "invalid_input");
      await rejectsWith(store.readSalesDays("2030-02-30", "2030-03-04"), "invalid_input");
      await rejectsWith(store.readSalesDays("yesterday", DAY), "invalid_input");
      assert.deepEqual(await store.readSalesDays("2030-01-03", "2030-03-05"), []);
    });

    it("counts the orders waiting on the operator: payments due or awaiting a card, and returns asked for", async () => {
      assert.deepEqual(await store.countOrdersWaiting(), { openReturns: 0, paymentsAwaiting: 0 });
      await placeGuestOrder(store, mug, { paymentMethod: "card" });
      let order = await placeGuestOrder(store, lamp, { paymentMethod: "pay_on_delivery" });
      assert.deepEqual(await store.countOrdersWaiting(), { openReturns: 0, paymentsAwaiting: 2 });
      order = await step(await step(await step(order, "ship", "1Z2"), "deliver"), "record_payment");
      await store.takeOrderStep(order.id, {
        step: "request_return",
        expectedRevision: order.revision,
        by: "shopper",
        note: "Too bright",
        email: emailOf("pat@example.com"),
      });
      assert.deepEqual(await store.countOrdersWaiting(), { openReturns: 1, paymentsAwaiting: 1 });
    });

    it("lists tracked products at or under a level, fewest first, leaving out untracked and deleted ones", async () => {
      const kettle = await store.addProduct(newProduct({ name: "Sales Kettle", priceCents: 2000 }));
      await store.setStock(lamp.id, 3, null);
      await store.setStock(mug.id, 1, null);
      await store.setStock(kettle.id, 9, null);
      // Sold out, then deleted: fewer than any product left, so first in count order.
      for (const name of ["Gone 1", "Gone 2", "Gone 3"]) {
        const gone = await store.addProduct(newProduct({ name, priceCents: 100 }));
        await store.setStock(gone.id, 0, null);
        await store.deleteProduct(gone.id, (await store.getProductRevision(gone.id))!.revision, ADMIN);
      }
      assert.deepEqual(await store.listLowStock(5, 10), [
        { productId: mug.id, name: "Sales Mug", count: 1 },
        { productId: lamp.id, name: "Sales Lamp", count: 3 },
      ]);
      assert.deepEqual(
        (await store.listLowStock(9, 1)).map((p) => p.name),
        ["Sales Mug"],
      );
      assert.deepEqual(
        (await store.listLowStock(9, 2)).map((p) => p.name),
        ["Sales Mug", "Sales Lamp"],
      );
      await rejectsWith(store.listLowStock(-1, 10), "invalid_input");
    });

    it("keeps the dashboard's settings by revision: the default, a save another instance reads, a stale or bad one refused", async () => {
      assert.deepEqual(await store.getDashboardSettings(), { ...DEFAULT_DASHBOARD_SETTINGS, revision: 0 });
      const saved = await store.setDashboardSettings({ lowStockAt: 12, timeZone: "America/Chicago" }, 0, ADMIN);
      assert.deepEqual(saved, { lowStockAt: 12, timeZone: "America/Chicago", revision: 1 });
      const second = await openSecond(store);
      try {
        assert.deepEqual(await second.getDashboardSettings(), saved);
      } finally {
        await second.close();
      }
      await rejectsWith(store.setDashboardSettings({ lowStockAt: 3, timeZone: "UTC" }, 0, ADMIN), "conflict");
      await rejectsWith(store.setDashboardSettings({ lowStockAt: 3, timeZone: "Mars/Olympus" }, 1, ADMIN), "invalid_input");
      await rejectsWith(store.setDashboardSettings({ lowStockAt: -2, timeZone: "UTC" }, 1, ADMIN), "invalid_input");
      assert.deepEqual(await store.getDashboardSettings(), saved);
    });
  });
}
