import { lookupIn, type ProductLookup } from "@/lib/cart/cart-entry";
import type { NewProduct, Product, ProductType } from "@/lib/data/contract/catalog";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { EmailOfOrder, Order } from "@/lib/data/contract/orders";
import type { PaymentMethod } from "@/lib/data/contract/payment-states";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/data/contract/shipping";
import type { Store } from "@/lib/data/contract/store";
import { billFor } from "@/lib/data/rules/bill";

let counter = 0;

/** A valid new product; override any field to make it invalid or specific. */
export function newProduct(overrides: Partial<NewProduct> = {}): NewProduct {
  counter += 1;
  return {
    name: `Test product ${counter}`,
    images: [{ src: `/products/test-${counter}.webp`, alt: "A picture" }],
    priceCents: 1000 + counter,
    details: `A dependable test product. It exists only for the contract suite.`,
    type: "Electronics",
    ...overrides,
  };
}

/** A full product with a fixed id and timestamp, for upsert and ordering tests. */
export function product(id: string, createdAt: number, type: ProductType = "Book", extra: Partial<Product> = {}): Product {
  return { ...newProduct({ type }), id, createdAt, ...extra };
}

/** Polls until `check` stops throwing, or rethrows its last error after `ms`. */
export async function eventually(check: () => void | Promise<void>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The cart's product lookup read straight from a store, for tests that call
 * the cart service without Next (the app reads the cached catalogue:
 * lib/cart/catalogue-lookup.ts).
 */
export function productsOf(store: Pick<Store, "listProducts">): () => Promise<ProductLookup> {
  return async () => lookupIn(await store.listProducts());
}

/** An order's email as the store takes it (EmailOfOrder): to `to`, naming the order it is written from. */
export function emailOf(to: string, subject = "Your order"): EmailOfOrder {
  return (order) => ({ to, subject: `${subject} ${order.reference}`, text: `${subject} ${order.reference}: /orders-page/${order.id}` });
}

/** The bill the default zones and the tax table give these lines to `address` (Illinois unless given), without a code: what a checkout shows and sends. */
export function defaultBill<Line extends { unitPriceCents: number; quantity: number }>(
  lines: readonly Line[],
  address: { country: string; region: string } = { country: "US", region: "IL" },
): { shippingCents: number; taxCents: number; discountCode: null; discountCents: number } {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const bill = billFor(DEFAULT_SHIPPING_ZONES, address, subtotal);
  if (!bill) throw new Error(`The default zones do not serve ${address.country}`);
  return { shippingCents: bill.shipping.cents, taxCents: bill.tax.cents, discountCode: null, discountCents: 0 };
}

let placements = 0;

/**
 * Puts `quantity` of `product` in a fresh guest cart and places it to
 * Springfield, Illinois at the default bill, paid by `paymentMethod`: the
 * order a checkout would send for it.
 */
export async function placeGuestOrder(
  store: Store,
  product: Pick<Product, "id" | "priceCents">,
  {
    quantity = 1,
    paymentMethod = "card",
    email = "pat@example.com",
  }: { quantity?: number; paymentMethod?: PaymentMethod; email?: string } = {},
): Promise<Order> {
  const owner: CartOwner = `guest:placed-${Date.now().toString(36)}-${++placements}`;
  await store.addToLine(owner, product.id, quantity);
  const lines = [{ productId: product.id, unitPriceCents: product.priceCents, quantity }];
  const { order } = await store.placeOrder({
    owner,
    uid: null,
    guestTokenHash: "c".repeat(64),
    idempotencyKey: `${owner.slice("guest:".length)}`.padEnd(16, "x"),
    paymentMethod,
    lines,
    ...defaultBill(lines),
    contact: { email, name: "Pat Placer", phone: "" },
    address: { country: "US", line1: "4 Order Ave", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
    confirmation: emailOf(email),
  });
  return order;
}

/** A card order of 3 × 20.00 with 6.00 off, 8.25 % tax (4.46) and 5.99 shipping: total 64.45. */
export function storedOrder(overrides: Partial<Order> = {}): Order {
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

/** A guest's checkout form as a shopper fills it: a Washington, DC address (the contiguous zone, DC's 6 % tax). */
export const CHECKOUT_FIELDS = {
  email: "ada@example.com",
  name: "Ada Lovelace",
  phone: "",
  country: "US",
  line1: "1600 Pennsylvania Ave NW",
  line2: "",
  city: "Washington",
  region: "DC",
  postalCode: "20500",
};
