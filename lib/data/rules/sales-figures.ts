/**
 * What an order adds to the sales figures (../contract/sales.ts), in the
 * quarter hour it was placed, whatever happens to it later: a step changes
 * its own order's contribution, so a store adds `salesChange(before, after)`
 * in the step's transaction. Every order counts as placed; a paid one (paid,
 * partly or wholly refunded) adds its goods after the discount, its tax and
 * shipping, each less what came back, and its lines to its products' sales
 * (none once wholly refunded). A refund splits between goods and tax at the
 * order's own rate (card-refunds.ts) and reaches shipping only past them, so
 * sales, tax and shipping always sum to what was paid less what came back.
 * Pure.
 */
import type { Order } from "../contract/orders";
import type { PaymentState } from "../contract/payment-states";
import { SALES_FIGURES, SLOT_MS, type ProductSales, type SalesChange, type SalesFigures } from "../contract/sales";
import { lineCents } from "../contract/money";
import { refundedCents } from "./card-refunds";

const PAID: readonly PaymentState[] = ["paid", "partially_refunded", "refunded"];
const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) and quarter hour of that day of a time. */
export function salesSlotOf(at: number): { day: string; slot: number } {
  return { day: new Date(at).toISOString().slice(0, 10), slot: Math.floor((((at % DAY_MS) + DAY_MS) % DAY_MS) / SLOT_MS) };
}

/** What came back of a paid order: Stripe's succeeded refunds, or all of it once recorded refunded on delivery. */
function backCents(order: Order): number {
  if (order.paymentMethod === "card") return refundedCents(order);
  return order.payment === "refunded" ? order.totalCents : 0;
}

export const noFigures = (): SalesFigures => Object.fromEntries(SALES_FIGURES.map((name) => [name, 0])) as SalesFigures;

/** The figures one order adds, and its products' sales. */
export function orderSalesFigures(order: Order): { figures: SalesFigures; products: Map<string, ProductSales> } {
  const figures = noFigures();
  figures.orders = 1;
  const products = new Map<string, ProductSales>();
  if (!PAID.includes(order.payment)) return { figures, products };
  const back = Math.min(backCents(order), order.totalCents);
  const whole = back >= order.totalCents;
  const goods = order.subtotalCents - order.discountCents;
  const goodsBack = whole ? goods : Math.min(goods, Math.round((back * 100_000) / (100_000 + order.taxRate)));
  const taxBack = whole ? order.taxCents : Math.min(order.taxCents, back - goodsBack);
  // Whatever goods and tax cannot hold (a refund of any amount made in Stripe's Dashboard) is shipping's.
  const shippingBack = whole ? order.shippingCents : back - goodsBack - taxBack;
  figures.paidOrders = 1;
  figures.salesCents = goods - goodsBack;
  figures.taxCents = order.taxCents - taxBack;
  figures.shippingCents = order.shippingCents - shippingBack;
  figures.refundedCents = back;
  if (!whole) {
    for (const line of order.lines) {
      products.set(line.productId, { name: line.name, units: line.quantity, goodsCents: lineCents(line.unitPriceCents, line.quantity) });
    }
  }
  return { figures, products };
}

/**
 * What a write of `after` (its placement when `before` is null, else a step
 * from `before`) adds to the figures; null when it changes none of them.
 */
export function salesChange(before: Order | null, after: Order): SalesChange | null {
  const was = before === null ? { figures: noFigures(), products: new Map<string, ProductSales>() } : orderSalesFigures(before);
  const now = orderSalesFigures(after);
  const figures = noFigures();
  for (const name of SALES_FIGURES) figures[name] = now.figures[name] - was.figures[name];
  const products = new Map<string, ProductSales>();
  for (const id of new Set([...was.products.keys(), ...now.products.keys()])) {
    const a = was.products.get(id);
    const b = now.products.get(id);
    const units = (b?.units ?? 0) - (a?.units ?? 0);
    const goodsCents = (b?.goodsCents ?? 0) - (a?.goodsCents ?? 0);
    if (units !== 0 || goodsCents !== 0) products.set(id, { name: (b ?? a)!.name, units, goodsCents });
  }
  if (SALES_FIGURES.every((name) => figures[name] === 0) && products.size === 0) return null;
  return { ...salesSlotOf(after.placedAt), figures, products };
}
