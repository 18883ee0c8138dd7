/**
 * The orders of a date range as a CSV file for the accountant: one row per
 * order line, as shops' order exports have it, the order's own figures
 * (subtotal, discount, shipping, tax, total, refunded) on its first line's
 * row only, so a column's sum is the range's. Amounts in dollars with two
 * decimals; times in UTC (ISO 8601); states in the desk's words, from the
 * one state table. An erased order keeps its figures, not its person.
 * The range is whole UTC days, from and to both included, at most a year.
 */
import { PAYMENT_METHODS, paymentWords } from "@/lib/data/contract/payment-states";
import type { Order } from "@/lib/data/contract/orders";
import { refundedCents } from "@/lib/data/rules/card-refunds";
import { centsAsDecimal } from "@/lib/money";
import { fulfilmentLabel, returnLabel } from "./order-steps";

export const ORDER_CSV_COLUMNS = [
  "reference",
  "placedAt",
  "fulfilment",
  "payment",
  "paymentMethod",
  "return",
  "email",
  "name",
  "country",
  "region",
  "discountCode",
  "subtotal",
  "discount",
  "shipping",
  "shippingZone",
  "tax",
  "taxRatePercent",
  "total",
  "refunded",
  "lineProductId",
  "lineProduct",
  "lineQuantity",
  "lineUnitPrice",
  "lineTotal",
] as const;

const DAY_MS = 86_400_000;
/** The longest range one export covers. */
export const ORDER_EXPORT_MAX_DAYS = 366;

export function orderCsvRows(order: Order): string[][] {
  const figures = [
    order.reference,
    new Date(order.placedAt).toISOString(),
    fulfilmentLabel(order.fulfilment),
    paymentWords(order.payment, order.paymentMethod, "desk"),
    PAYMENT_METHODS[order.paymentMethod].desk,
    order.returnState === null ? "" : returnLabel(order.returnState),
    order.contact.email,
    order.contact.name,
    order.address.country,
    order.address.region,
    order.discountCode,
    centsAsDecimal(order.subtotalCents),
    centsAsDecimal(order.discountCents),
    centsAsDecimal(order.shippingCents),
    order.shippingZone,
    centsAsDecimal(order.taxCents),
    (order.taxRate / 1000).toString(),
    centsAsDecimal(order.totalCents),
    centsAsDecimal(refundedCents(order)),
  ];
  return order.lines.map((line, index) => [
    ...(index === 0 ? figures : [figures[0], figures[1], ...figures.slice(2).map(() => "")]),
    line.productId,
    line.name,
    String(line.quantity),
    centsAsDecimal(line.unitPriceCents),
    centsAsDecimal(line.unitPriceCents * line.quantity),
  ]);
}

export interface OrderExportRange {
  /** The first day's start (epoch ms, UTC). */
  placedFrom: number;
  /** The day after the last one's start: orders placed before it. */
  placedBefore: number;
  /** The days as given, YYYY-MM-DD, for the file's name. */
  from: string;
  to: string;
}

const dayStart = (day: string): number | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
};

/** The range `?from=&to=` names (days, YYYY-MM-DD, UTC), or why it names none. */
export function parseOrderExportRange(params: URLSearchParams): OrderExportRange | { error: string } {
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const start = dayStart(from);
  const end = dayStart(to);
  if (start === null || end === null) return { error: "Give the first and last day of the orders to export, as YYYY-MM-DD." };
  if (end < start) return { error: "The last day comes before the first: give the days the other way round." };
  if ((end - start) / DAY_MS + 1 > ORDER_EXPORT_MAX_DAYS) return { error: `One export covers at most ${ORDER_EXPORT_MAX_DAYS} days.` };
  return { placedFrom: start, placedBefore: end + DAY_MS, from, to };
}

/** The first and last day (YYYY-MM-DD, UTC) of the calendar month before `now`'s: what the export form opens on. */
export function lastMonth(now: Date): { from: string; to: string } {
  const firstOfThis = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const firstOfLast = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  return { from: new Date(firstOfLast).toISOString().slice(0, 10), to: new Date(firstOfThis - 1).toISOString().slice(0, 10) };
}
