/**
 * The rules of orders both adapters keep alike (../contract/orders.ts): the
 * reference's shape, what refuses a placement (its lines, its shipping:
 * shipping.ts), the new order, the emails' fixed Message-IDs and an erased
 * order. Steps are order-steps.ts's. Pure
 * functions; the adapters read and write, these decide.
 */
import { randomBytes } from "node:crypto";
import { StoreError } from "../contract/errors";
import { lineCents, sumCents } from "../contract/money";
import { FIRST_PAYMENT } from "../contract/order-states";
import type { LineRefusal, PaymentRefusal, ShippingRefusal, StockCount, TaxRefusal } from "../contract/order-store";
import type { Order, OrderLine, PlaceOrderInput } from "../contract/orders";
import type { Discount, DiscountRefusal } from "../contract/discounts";
import type { ShippingZone } from "../contract/shipping";
import { discountOutcome } from "./discounts";
import { billFor } from "./bill";
import type { CartItem } from "../contract/cart";
import { cardImageOf, type Product } from "../contract/catalog";

/** Letters and digits without look-alikes (no 0/O, 1/I): what a person can read aloud. 32 of them: 5 bits each. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const REFERENCE_LENGTH = 12;

/** A random reference, XXXX-XXXX-XXXX (60 bits); the adapter checks it is unused in the order's transaction. */
export function newReference(): string {
  // 32 letters divide 256: every letter is equally likely.
  const chars = [...randomBytes(REFERENCE_LENGTH)].map((byte) => REFERENCE_ALPHABET[byte % 32]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** How a reference is looked up: upper case, without dashes or spaces ("k7pm 2qx9-ht4d" → "K7PM2QX9HT4D"). */
export function referenceKey(reference: string): string {
  return reference.toUpperCase().replace(/[\s-]/g, "");
}

/** Whether a search reads as a reference (12 letters of the alphabet once normalised) rather than an email. */
export function looksLikeReference(query: string): boolean {
  return new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(referenceKey(query));
}

/** How an email is looked up: trimmed, lower case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A random order id: 22 URL-safe characters, 128 bits. */
export function newOrderId(): string {
  return randomBytes(16).toString("base64url");
}

/** How many times a placement draws a new reference when the one drawn is taken. */
export const REFERENCE_ATTEMPTS = 5;

export function referenceTakenError(): StoreError {
  return new StoreError("unavailable", "Could not draw an unused order reference; try again");
}

/** The fixed Message-ID of an order's confirmation and of each step's email. */
export function confirmationMessageId(orderId: string): string {
  return `<order-${orderId}-confirmation@storefront>`;
}

export function stepMessageId(orderId: string, revision: number): string {
  return `<order-${orderId}-${revision}@storefront>`;
}

/** What the store holds for a placement, as read in its transaction. */
interface PlacementReads {
  cart: CartItem[];
  /** Each cart line's product, null when deleted. */
  products: Map<string, Product | null>;
  stock: Map<string, StockCount>;
  /** The shipping zones as the transaction read them. */
  zones: readonly ShippingZone[];
  /** Whether the operator offers pay on delivery, as the transaction read it (../contract/payment-settings.ts). */
  payOnDelivery: boolean;
  /** The input's discount code as stored (null when none was entered, or there is no such code), and its uses by the order's email. */
  discount: Discount | null;
  discountUsesByEmail: number;
}

/** The lines at the store's prices, in the order the checkout showed them; null while a product is gone. */
function storeLines(input: PlaceOrderInput, reads: PlacementReads): OrderLine[] | null {
  const lines: OrderLine[] = [];
  for (const line of input.lines) {
    const product = reads.products.get(line.productId);
    if (!product) return null;
    lines.push({
      productId: product.id,
      name: product.name,
      image: cardImageOf(product),
      unitPriceCents: product.priceCents,
      quantity: line.quantity,
    });
  }
  return lines;
}

const subtotalOf = (lines: readonly OrderLine[]) => sumCents(lines.map((line) => lineCents(line.unitPriceCents, line.quantity)));

/** What the input's code takes off goods of `subtotal` at `at`, or why it does not apply; 0 without a code. */
function discountOf(input: PlaceOrderInput, reads: PlacementReads, subtotal: number, at: number): number | DiscountRefusal {
  if (input.discountCode === null) return 0;
  return discountOutcome(reads.discount, { subtotalCents: subtotal, usesByEmail: reads.discountUsesByEmail, now: at });
}

/**
 * Why the order is refused, keyed `cart` and `line:<productId>` (LineRefusal)
 * and `shipping` (ShippingRefusal, with `shippingCents`, the figure now, when
 * it changed), then `tax` (TaxRefusal, with `taxCents`, the figure now, when
 * it changed), and `discount` (DiscountRefusal: the code does not apply, or,
 * with `discountCents`, takes off another amount now), and `payment`
 * (PaymentRefusal: pay on delivery is off); empty when it may be placed. An empty cart is invalid_input.
 * The shipping is compared once the lines agree (its figure depends on them).
 */
export function placementRefusals(input: PlaceOrderInput, reads: PlacementReads, at: number): Record<string, string> {
  if (reads.cart.length === 0) throw new StoreError("invalid_input", "The cart is empty", { cart: "is empty" });
  const refusals: Record<string, LineRefusal | ShippingRefusal | TaxRefusal | DiscountRefusal | PaymentRefusal | `${number}`> = {};
  const shown = new Map(input.lines.map((line) => [line.productId, line]));
  const sameLines =
    shown.size === input.lines.length &&
    reads.cart.length === shown.size &&
    reads.cart.every((line) => shown.get(line.productId)?.quantity === line.quantity);
  if (!sameLines) refusals.cart = "cart_changed";
  if (input.paymentMethod === "pay_on_delivery" && !reads.payOnDelivery) refusals.payment = "pay_on_delivery_off";
  for (const line of reads.cart) {
    const product = reads.products.get(line.productId) ?? null;
    const expected = shown.get(line.productId);
    const stock = reads.stock.get(line.productId) ?? null;
    if (!product) refusals[`line:${line.productId}`] = "deleted";
    else if (expected && expected.unitPriceCents !== product.priceCents) refusals[`line:${line.productId}`] = "price_changed";
    else if (stock !== null && stock < line.quantity) refusals[`line:${line.productId}`] = "out_of_stock";
    else if (!expected) refusals[`line:${line.productId}`] = "cart_changed";
  }
  const lines = storeLines(input, reads);
  const subtotal = lines ? subtotalOf(lines) : 0;
  const discount = discountOf(input, reads, subtotal, at);
  if (typeof discount === "string") refusals.discount = discount;
  else if (Object.keys(refusals).length === 0 && discount !== input.discountCents) {
    refusals.discount = "discount_changed";
    refusals.discountCents = `${discount}`;
  }
  const bill = billFor(reads.zones, input.address, subtotal, typeof discount === "number" ? discount : 0);
  if (!bill) refusals.shipping = "not_served";
  else if (Object.keys(refusals).length === 0 && bill.shipping.cents !== input.shippingCents) {
    refusals.shipping = "shipping_changed";
    refusals.shippingCents = `${bill.shipping.cents}`;
  } else if (Object.keys(refusals).length === 0 && bill.tax.cents !== input.taxCents) {
    refusals.tax = "tax_changed";
    refusals.taxCents = `${bill.tax.cents}`;
  }
  return refusals;
}

export function refusalError(refusals: Record<string, string>): StoreError {
  return new StoreError(
    "conflict",
    `The order was refused: ${Object.entries(refusals)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    refusals,
  );
}

/** The new order from a placement the store agreed to (placementRefusals empty). */
export function newOrder(input: PlaceOrderInput, reads: PlacementReads, id: string, reference: string, at: number): Order {
  // In the order the checkout showed them (the cart holds the same lines: placementRefusals).
  const lines = storeLines(input, reads)!;
  const subtotalCents = subtotalOf(lines);
  // Billed as placementRefusals found it: served, at the figures shown (the code's amount among them).
  const bill = billFor(reads.zones, input.address, subtotalCents, input.discountCents)!;
  return {
    id,
    reference,
    owner: input.owner,
    uid: input.uid,
    guestTokenHashes: input.guestTokenHash === null ? [] : [input.guestTokenHash],
    lines,
    subtotalCents,
    discountCode: input.discountCode ?? "",
    discountCents: bill.discountCents,
    shippingCents: bill.shipping.cents,
    shippingZone: bill.shipping.zone.name,
    taxCents: bill.tax.cents,
    taxRate: bill.tax.rate,
    totalCents: bill.totalCents,
    contact: input.contact,
    address: input.address,
    fulfilment: "placed",
    payment: FIRST_PAYMENT[input.paymentMethod],
    paymentMethod: input.paymentMethod,
    cardSession: null,
    cardRefunds: [],
    trackingNumber: null,
    returnState: null,
    returnReason: null,
    placedAt: at,
    deliveredAt: null,
    revision: 0,
    history: [{ at, by: "shopper", step: "place", from: "", to: "placed", note: "" }],
    erasedAt: null,
  };
}

/** The contact and address an erased order keeps. */
export function erasedOrder(order: Order, at: number): Order {
  return {
    ...order,
    contact: { name: "", email: "erased", phone: "" },
    address: { country: "", line1: "", line2: "", city: "", region: "", postalCode: "" },
    erasedAt: at,
  };
}
