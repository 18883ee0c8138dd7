/**
 * What an order adds to the sales figures (lib/data/rules/sales-figures.ts),
 * worked by hand: its quarter hour, a paid order's goods after the discount,
 * a partial card refund split between goods and tax at the order's rate,
 * shipping back only with the whole order, and a change of nothing as null.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import { orderSalesFigures, salesChange, salesSlotOf } from "@/lib/data/rules/sales-figures";

/** A card order of 3 × 20.00 with 6.00 off, 8.25 % tax (4.46) and 5.99 shipping: total 64.45. */
function order(overrides: Partial<Order> = {}): Order {
  return {
    id: "o1",
    reference: "AAAA-BBBB-CCCC",
    owner: "guest:g",
    uid: null,
    guestTokenHashes: [],
    lines: [{ productId: "p1", name: "Mug", image: "/m.webp", unitPriceCents: 2000, quantity: 3 }],
    subtotalCents: 6000,
    shippingCents: 599,
    shippingZone: "Contiguous",
    discountCode: "SAVE10",
    discountCents: 600,
    taxCents: 446,
    taxRate: 8250,
    totalCents: 6445,
    contact: { email: "a@example.com", name: "A", phone: "" },
    address: { country: "US", line1: "1 A St", line2: "", city: "Austin", region: "TX", postalCode: "78701" },
    fulfilment: "placed",
    payment: "paid",
    paymentMethod: "card",
    cardSession: null,
    cardRefunds: [],
    trackingNumber: null,
    returnState: null,
    returnReason: null,
    placedAt: Date.UTC(2030, 0, 31, 23, 59, 59),
    deliveredAt: null,
    revision: 1,
    history: [],
    erasedAt: null,
    ...overrides,
  };
}

describe("sales figures of an order", () => {
  it("places an order in its UTC day's quarter hour: 23:59:59 is the day's last, 95", () => {
    assert.deepEqual(salesSlotOf(Date.UTC(2030, 0, 31, 23, 59, 59)), { day: "2030-01-31", slot: 95 });
    assert.deepEqual(salesSlotOf(Date.UTC(2030, 1, 1)), { day: "2030-02-01", slot: 0 });
  });

  it("counts a paid order's goods after the discount, its tax and shipping, and its lines", () => {
    const { figures, products } = orderSalesFigures(order());
    assert.deepEqual(figures, { orders: 1, paidOrders: 1, salesCents: 5400, taxCents: 446, shippingCents: 599, refundedCents: 0 });
    assert.deepEqual([...products], [["p1", { name: "Mug", units: 3, goodsCents: 6000 }]]);
  });

  it("splits a partial refund between goods and tax at the order's rate; shipping stays", () => {
    // One mug: 2000 less its 200 of the discount, plus 8.25 % of 1800 (148.5 → 149): 1949.
    const partly = order({ payment: "partially_refunded", cardRefunds: [{ id: "re_1", amountCents: 1949, status: "succeeded", at: 1 }] });
    assert.deepEqual(orderSalesFigures(partly).figures, {
      orders: 1,
      paidOrders: 1,
      salesCents: 5400 - 1800,
      taxCents: 446 - 149,
      shippingCents: 599,
      refundedCents: 1949,
    });
  });

  it("takes back everything of an order refunded whole, and counts an unpaid one as placed only", () => {
    const whole = order({ payment: "refunded", cardRefunds: [{ id: "re_1", amountCents: 6445, status: "succeeded", at: 1 }] });
    const wholeFigures = orderSalesFigures(whole);
    assert.deepEqual(wholeFigures.figures, { orders: 1, paidOrders: 1, salesCents: 0, taxCents: 0, shippingCents: 0, refundedCents: 6445 });
    assert.equal(wholeFigures.products.size, 0);
    const onDelivery = order({ paymentMethod: "pay_on_delivery", payment: "refunded" });
    assert.equal(orderSalesFigures(onDelivery).figures.refundedCents, 6445, "on delivery, refunded is the whole total");
    const due = orderSalesFigures(order({ payment: "due", paymentMethod: "pay_on_delivery" }));
    assert.deepEqual(due.figures, { orders: 1, paidOrders: 0, salesCents: 0, taxCents: 0, shippingCents: 0, refundedCents: 0 });
  });

  it("changes by the difference a step makes, and by nothing (null) when it moves no figure", () => {
    const placed = order({ payment: "due", paymentMethod: "pay_on_delivery" });
    const paid = { ...placed, payment: "paid" as const, fulfilment: "delivered" as const };
    const change = salesChange(placed, paid)!;
    assert.deepEqual(change.figures, { orders: 0, paidOrders: 1, salesCents: 5400, taxCents: 446, shippingCents: 599, refundedCents: 0 });
    assert.deepEqual([change.day, change.slot], ["2030-01-31", 95]);
    assert.equal(salesChange(placed, { ...placed, fulfilment: "shipped", trackingNumber: "1Z" }), null);
    assert.equal(salesChange(null, placed)!.figures.orders, 1, "a placement counts the order");
  });
});
