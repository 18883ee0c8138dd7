/**
 * What a refund by card gives back (lib/data/rules/card-refunds.ts): some
 * items, their goods less their share of the discount plus the tax on that
 * at the order's rate; everything left, shipping included; never past what
 * is left, a pending refund counted as taken; the payment follows only
 * what Stripe confirmed.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import { itemsRefundCents, paymentAfterRefunds, refundableCents, refundedCents } from "@/lib/data/rules/card-refunds";

/** Two lamps at $50.00 and a $3.00 mug, $10.00 off, $5.00 shipping, 6.25 % on goods after the discount and on shipping. */
function order(cardRefunds: Order["cardRefunds"] = []): Order {
  return {
    lines: [
      { productId: "lamp", name: "Lamp", image: "", unitPriceCents: 5000, quantity: 2 },
      { productId: "mug", name: "Mug", image: "", unitPriceCents: 300, quantity: 1 },
    ],
    subtotalCents: 10300,
    discountCents: 1000,
    shippingCents: 500,
    taxRate: 6250,
    taxCents: 613,
    totalCents: 10413,
    payment: "paid",
    cardRefunds,
  } as Order;
}

const refund = (id: string, amountCents: number, status: "pending" | "succeeded" | "failed") => ({ id, amountCents, status, at: 1 });

describe("refunds by card", () => {
  test("one lamp: $50.00 less its share of the $10.00 off ($4.85), plus 6.25 % of the rest ($2.82): $47.97", () => {
    assert.equal(itemsRefundCents(order(), new Map([["lamp", 1]])), 5000 - 485 + 282);
  });

  test("nothing chosen gives nothing; a quantity past the line's counts as the line; unknown products count for nothing", () => {
    assert.equal(itemsRefundCents(order(), new Map()), 0);
    assert.equal(itemsRefundCents(order(), new Map([["mug", 9]])), itemsRefundCents(order(), new Map([["mug", 1]])));
    assert.equal(itemsRefundCents(order(), new Map([["ghost", 3]])), 0);
  });

  test("everything left is the total less what was refunded and what is pending; a failed refund left it to refund", () => {
    assert.equal(refundableCents(order()), 10413);
    const some = order([refund("re_a", 1000, "succeeded"), refund("re_b", 2000, "pending"), refund("re_c", 500, "failed")]);
    assert.equal(refundableCents(some), 10413 - 3000);
    assert.equal(refundedCents(some), 1000);
    // Items worth more than is left are capped at what is left.
    const most = order([refund("re_a", 10000, "succeeded")]);
    assert.equal(itemsRefundCents(most, new Map([["lamp", 2]])), 413);
  });

  test("the payment follows what Stripe confirmed: paid, partly refunded, refunded", () => {
    assert.equal(paymentAfterRefunds(order([refund("re_a", 1000, "pending")])), "paid");
    assert.equal(paymentAfterRefunds(order([refund("re_a", 1000, "succeeded")])), "partially_refunded");
    assert.equal(paymentAfterRefunds(order([refund("re_a", 413, "succeeded"), refund("re_b", 10000, "succeeded")])), "refunded");
  });
});
