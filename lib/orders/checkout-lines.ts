/**
 * The checkout's summary: the cart's lines at the catalogue's prices of now,
 * each product read from the store itself (not the page cache nor the
 * price the line recorded when added), because the order is placed against
 * these figures and refused when the store no longer agrees with them. The
 * lines the form carries back (ExpectedLine) are made from the same read.
 * Each line's stock is read with it: a line with more units than are in
 * stock says so and keeps Place order disabled (lib/cart/stock-shortfall.ts);
 * so does a shop with no way to pay open (payment-offer.ts).
 * The client form takes only its CheckoutSummary type (a type import: the
 * store's rules below stay on the server).
 */
import "server-only";
import type { ExpectedLine } from "@/lib/data/contract/orders";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { PaymentMethod } from "@/lib/data/contract/payment-states";
import type { ShippingZone } from "@/lib/data/contract/shipping";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { cardImageOf } from "@/lib/data/contract/catalog";
import { expectedLineSchema } from "@/lib/data/contract/orders";
import { lineCents, sumCents } from "@/lib/data/contract/money";
import { SHORT_OF_STOCK_BLOCKS, stockShortfall } from "@/lib/cart/stock-shortfall";
import { takesCards } from "@/lib/payments/stripe-client";
import { NO_WAY_TO_PAY, paymentOffer } from "./payment-offer";

/** Why Place order is disabled while a line's product was deleted. */
const DELETED_BLOCKS = "A product in your cart is no longer available: remove it from your cart to order the rest.";

interface CheckoutLine {
  productId: string;
  name: string;
  image: string;
  /** Now, in whole cents; null when the product was deleted (the line cannot be ordered). */
  unitPriceCents: number | null;
  quantity: number;
  /** The line's amount (unit price × quantity) in whole cents; null when the product was deleted. */
  amountCents: number | null;
  /** What the line says when fewer than `quantity` are in stock (stockShortfall); null otherwise, and when stock was not read. */
  stockProblem: string | null;
}

export interface CheckoutSummary {
  lines: CheckoutLine[];
  /** Cents of the lines that can be ordered. */
  subtotalCents: number;
  /** Whether every line can be ordered (none deleted, enough in stock), there is at least one, and a way to pay. */
  orderable: boolean;
  /** Why Place order is disabled, in words; null when the lines can be ordered or there are none. */
  blocked: string | null;
  /** The operator's shipping zones of now: the page prices the address with them (shipping-quote.ts). */
  zones: ShippingZone[];
  /** The ways to pay offered now (payment-offer.ts), in the order the form shows them. */
  payments: PaymentMethod[];
}

/**
 * The owner's cart at the store's prices of now; with `stock` (the pages'
 * summary) each line's stock too. Placing an order reads the names only: its
 * own transaction checks the stock.
 */
export async function checkoutSummary(
  store: Pick<Store, "listCart" | "getProduct" | "getStock" | "getShippingZones" | "getPaymentSettings">,
  owner: CartOwner | null,
  { stock = true, cardsTaken = takesCards }: { stock?: boolean; cardsTaken?: () => boolean } = {},
): Promise<CheckoutSummary> {
  if (!owner) return { lines: [], subtotalCents: 0, orderable: false, blocked: null, zones: [], payments: [] };
  const items = await store.listCart(owner);
  const [products, counts, shipping, settings] = await Promise.all([
    Promise.all(items.map((item) => store.getProduct(item.productId))),
    stock && items.length > 0 ? store.getStock(items.map((item) => item.productId)) : new Map<string, number | null>(),
    items.length > 0 ? store.getShippingZones() : { zones: [] },
    items.length > 0 ? store.getPaymentSettings() : null,
  ]);
  const payments = settings ? paymentOffer(cardsTaken(), settings.payOnDelivery) : [];
  const lines = items.map((item, index): CheckoutLine => {
    const product = products[index];
    return {
      productId: item.productId,
      name: product?.name ?? item.name,
      image: product ? cardImageOf(product) : item.image,
      unitPriceCents: product ? product.priceCents : null,
      quantity: item.quantity,
      amountCents: product ? lineCents(product.priceCents, item.quantity) : null,
      stockProblem: product ? stockShortfall(item.quantity, counts.get(item.productId) ?? null) : null,
    };
  });
  const subtotalCents = sumCents(lines.map((line) => line.amountCents ?? 0));
  const blocked = lines.some((line) => line.unitPriceCents === null)
    ? DELETED_BLOCKS
    : lines.some((line) => line.stockProblem !== null)
      ? SHORT_OF_STOCK_BLOCKS
      : lines.length > 0 && payments.length === 0
        ? NO_WAY_TO_PAY
        : null;
  return { lines, subtotalCents, orderable: lines.length > 0 && blocked === null, blocked, zones: shipping.zones, payments };
}

/** The lines as the form carries them back: "productId|unitPriceCents|quantity", one hidden field each. */
export function encodeExpectedLine(line: CheckoutLine): string {
  return `${line.productId}|${line.unitPriceCents ?? ""}|${line.quantity}`;
}

const LINE_SHAPE = /^([A-Za-z0-9_-]{1,128})\|(\d{1,9})\|(\d{1,3})$/;

/**
 * The posted lines, or null when any is malformed or is none the page
 * renders: each line within the store's own rules for an order's line (a
 * price above 0 and within the catalogue's limit, 1 to 999 units), each
 * product once, at most a cart's lines. So a forged form is refused here as
 * stale, and never reaches the store to be refused there as a form the
 * checkout accepted.
 */
export function decodeExpectedLines(values: FormDataEntryValue[]): ExpectedLine[] | null {
  const lines: ExpectedLine[] = [];
  const products = new Set<string>();
  for (const value of values) {
    const match = typeof value === "string" ? LINE_SHAPE.exec(value) : null;
    if (!match || products.has(match[1])) return null;
    const line = { productId: match[1], unitPriceCents: Number(match[2]), quantity: Number(match[3]) };
    if (!expectedLineSchema.safeParse(line).success) return null;
    products.add(line.productId);
    lines.push(line);
  }
  return lines.length > 0 && lines.length <= LIMITS.cartLinesMax ? lines : null;
}
