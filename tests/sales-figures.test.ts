/**
 * What an order adds to the sales figures (lib/data/rules/sales-figures.ts),
 * worked by hand: its quarter hour, a paid order's goods after the discount,
 * a partial card refund split between goods and tax at the order's rate,
 * shipping back only with the whole order, and a change of nothing as null.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { orderSalesFigures, salesChange, salesSlotOf } from "@/lib/data/rules/sales-figures";
import { storedOrder as order } from "./helpers/fixtures";

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

  it("takes a refund larger than goods and tax, short of the whole, from shipping: the three still sum to what was kept", () => {
    // 6000 of 6445 (goods 5400, tax 446, shipping 599), as a refund typed in Stripe's Dashboard may be.
    const most = order({ payment: "partially_refunded", cardRefunds: [{ id: "re_1", amountCents: 6000, status: "succeeded", at: 1 }] });
    const { figures } = orderSalesFigures(most);
    assert.deepEqual(figures, { orders: 1, paidOrders: 1, salesCents: 0, taxCents: 0, shippingCents: 445, refundedCents: 6000 });
    for (const back of [1, 599, 1949, 5845, 5846, 6444]) {
      const refunded = orderSalesFigures(
        order({ payment: "partially_refunded", cardRefunds: [{ id: "re_1", amountCents: back, status: "succeeded", at: 1 }] }),
      );
      const kept = refunded.figures.salesCents + refunded.figures.taxCents + refunded.figures.shippingCents;
      assert.equal(kept, 6445 - back, `a refund of ${back}`);
      assert.ok(
        refunded.figures.salesCents >= 0 && refunded.figures.taxCents >= 0 && refunded.figures.shippingCents >= 0,
        `a refund of ${back}`,
      );
    }
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
