/**
 * What Stripe Checkout is asked to charge for an order: the order's own bill
 * (lib/data/rules/bill.ts, as stored on the order) in Stripe's terms. The
 * goods are line items at their unit prices, the sales tax one more line,
 * the shipping a fixed-amount shipping option named by its zone, and a
 * discount a one-off coupon for exactly what the code took off; Stripe's
 * total is then the order's to the cent (checked here, never trusted).
 * Pure, apart from the types; the words come from lib/orders, which calls it.
 */
import type Stripe from "stripe";
import type { Order } from "@/lib/data/contract/orders";
import { lineCents } from "@/lib/data/contract/money";

/** Stripe refuses a session that expires sooner than 30 minutes after it is made; a minute more allows for the trip there. */
export const SESSION_LIFETIME_S = 31 * 60;

/** What a session needs besides the order: where Stripe sends the shopper back, and the tax line's name. */
export interface SessionSetting {
  /** Where Stripe sends the shopper once paid ({CHECKOUT_SESSION_ID} is Stripe's placeholder). */
  successUrl: string;
  /** Where "back" on Stripe's page leads. */
  cancelUrl: string;
  /** The tax line as the order page names it ("Sales tax (Illinois, 6.25%)"). */
  taxName: string;
}

/** The amounts Stripe adds up: each goods line, the tax line, the shipping, less the coupon. */
function stripeTotal(order: Order): number {
  const goods = order.lines.reduce((sum, line) => sum + lineCents(line.unitPriceCents, line.quantity), 0);
  return goods + order.taxCents + order.shippingCents - order.discountCents;
}

/**
 * The Checkout Session's parameters for `order` (its lines, tax, shipping,
 * the coupon made for its discount, or null), expiring at `expiresAt`
 * (seconds). Throws when Stripe's total would not be the order's: a bill
 * rule this function does not know yet must not be charged otherwise.
 */
export function checkoutSessionParams(
  order: Order,
  setting: SessionSetting,
  couponId: string | null,
  expiresAt: number,
): Stripe.Checkout.SessionCreateParams {
  if (stripeTotal(order) !== order.totalCents || order.discountCents > 0 !== (couponId !== null)) {
    throw new Error(`Order ${order.id}: Stripe's total would be ${stripeTotal(order)} cents, the order's is ${order.totalCents}`);
  }
  const usd = (cents: number, name: string) => ({ currency: "usd", unit_amount: cents, product_data: { name } });
  return {
    mode: "payment",
    line_items: [
      ...order.lines.map((line) => ({ price_data: usd(line.unitPriceCents, line.name), quantity: line.quantity })),
      ...(order.taxCents > 0 ? [{ price_data: usd(order.taxCents, setting.taxName), quantity: 1 }] : []),
    ],
    shipping_options: [
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: order.shippingZone === "" ? "Shipping" : `Shipping (${order.shippingZone})`,
          fixed_amount: { amount: order.shippingCents, currency: "usd" },
        },
      },
    ],
    ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
    client_reference_id: order.id,
    metadata: { order_id: order.id, reference: order.reference },
    ...(order.erasedAt === null ? { customer_email: order.contact.email } : {}),
    expires_at: expiresAt,
    success_url: setting.successUrl,
    cancel_url: setting.cancelUrl,
  };
}

/** The coupon that takes the order's discount off, once (its code as the coupon's name). */
export function couponParams(order: Order): Stripe.CouponCreateParams {
  return { amount_off: order.discountCents, currency: "usd", duration: "once", name: `Code ${order.discountCode}` };
}
