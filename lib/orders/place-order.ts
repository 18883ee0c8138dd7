/**
 * "Place order", the server's side: the posted checkout form (the React
 * page's server action and the page without JavaScript both end here)
 * becomes one store.placeOrder, or the reason it did not, in the shopper's
 * words. The cart's owner is this request's (session, else the guest cookie:
 * lib/cart/owner.ts), never a field of the form; the form carries only what
 * the shopper typed, the lines as the page showed them and the page's
 * idempotency key.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { LineRefusal } from "@/lib/data/contract/order-store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Order } from "@/lib/data/contract/orders";
import type { DiscountRefusal } from "@/lib/data/contract/discounts";
import { billFor } from "@/lib/data/rules/bill";
import { billInWords, DISCOUNT_MESSAGES, priceDiscount } from "./checkout-bill";
import {
  DISCOUNT_FIELD,
  EXPECTED_LINE_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  SHIPPING_FIELD,
  TAX_FIELD,
  type CheckoutErrors,
  type CheckoutValues,
} from "./checkout-fields";
import type { PricedDiscount } from "./checkout-state";
import { parseCheckoutForm, type CheckoutDetails } from "./checkout-form";
import { checkoutSummary, decodeExpectedLines, type CheckoutSummary } from "./checkout-lines";
import { confirmationEmail } from "./emails";
import { guestTokenFor } from "./guest-token";
import { saveCheckoutAddress } from "./save-checkout-address";
import type { OrderingStore } from "./ordering-store";
import { orderPath } from "./paths";

const IDEMPOTENCY_KEY_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What placing an order reads of its request; tests pass their own. */
export interface PlaceOrderRequest {
  /** The cart's owner, or null for a guest without a cart; throws StoreError("unavailable") when the session cannot be checked. */
  owner(): Promise<CartOwner | null>;
  store(): Promise<OrderingStore>;
  /** The server's secret the guest token is keyed with ("" when none is set: development). */
  secret(): string;
  /** Counts this order against its client's and recipient's limits (order-limits.ts): the refusal's words, or null. */
  limit(recipient: string): Promise<string | null>;
  /** Runs once an order was created: its emails are sent after the response. */
  afterPlaced(orderId: string): void;
  /** Whether the shop takes cards now (it has Stripe keys: lib/payments/stripe-client.ts). */
  takesCards(): boolean;
}

export type CheckoutOutcome =
  /** `stockShownChanged`: the products whose shown stock the order changed, whose pages the caller expires (lib/catalog/stock-expiry.ts). */
  | { kind: "placed"; order: Order; created: boolean; guestToken: string | null; path: string; stockShownChanged: string[] }
  /** `discount`: the code as priced now (null: not priced, or refused); absent when the code was not looked at. */
  | { kind: "invalid"; values: CheckoutValues; errors: CheckoutErrors; discount?: PricedDiscount | null }
  /** Nothing was written: `problem` says why, `lineProblems` name each line that refused (by product id). */
  | { kind: "refused"; values: CheckoutValues; problem: string; lineProblems: Record<string, string>; discount?: PricedDiscount | null }
  | { kind: "unavailable"; values: CheckoutValues; problem: string }
  /** Too many orders from this client or to this address (order-limits.ts): nothing was asked of the store. */
  | { kind: "limited"; values: CheckoutValues; problem: string };

export const CHECKOUT_MESSAGES = {
  unavailable: "The shop is briefly unavailable, so your order was not placed. Your cart is kept: please try again in a moment.",
  empty: "Your cart is empty, so there is nothing to order.",
  stale: "This checkout page is out of date. Check the order below and place it again.",
  cart_changed: "Your cart changed since this page was shown (in another tab?). Check the order below and place it again.",
  refused: "Your order was not placed: the shop no longer agrees with the figures shown. Check the order below and place it again.",
  not_served: "We do not ship to this address. Choose a country and state we ship to.",
  no_cards: "Card payments are not available at the moment: choose pay on delivery.",
  pay_on_delivery_off: "Pay on delivery is no longer offered: pay by card.",
} as const;

/** A posted figure (shipping, tax, discount): its cents, "none" where the page showed none (the address or code not yet priced, or not served), null when malformed (a stale or forged page). */
function figureShown(value: FormDataEntryValue | null): number | "none" | null {
  if (value === "") return "none";
  return typeof value === "string" && /^\d{1,11}$/.test(value) ? Number(value) : null;
}

const LINE_MESSAGES: Record<LineRefusal, (name: string) => string> = {
  cart_changed: (name) =>
    `Your cart's line “${name}” changed since this page was shown (in another tab?). Check the order below and place it again.`,
  deleted: (name) => `“${name}” is no longer available. Remove it from your cart to order the rest.`,
  price_changed: (name) => `The price of “${name}” changed. The new price is shown: check it and place your order again.`,
  out_of_stock: (name) => `Too few of “${name}” are in stock for this quantity. Lower it in your cart to order.`,
};

export async function placeOrderFromForm(request: PlaceOrderRequest, form: FormData): Promise<CheckoutOutcome> {
  const parsed = parseCheckoutForm(form);
  if (!parsed.ok) return { kind: "invalid", values: parsed.values, errors: parsed.errors };
  const values = parsed.values;
  if (parsed.details.paymentMethod === "card" && !request.takesCards())
    return { kind: "invalid", values, errors: { paymentMethod: CHECKOUT_MESSAGES.no_cards } };
  const key = form.get(IDEMPOTENCY_KEY_FIELD);
  const expected = decodeExpectedLines(form.getAll(EXPECTED_LINE_FIELD));
  const shipping = figureShown(form.get(SHIPPING_FIELD));
  const tax = figureShown(form.get(TAX_FIELD));
  const discount = figureShown(form.get(DISCOUNT_FIELD));
  const code = parsed.details.discountCode;
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_SHAPE.test(key) || !expected || shipping === null || tax === null || discount === null) {
    return { kind: "refused", values, problem: CHECKOUT_MESSAGES.stale, lineProblems: {} };
  }
  if (shipping === "none" || tax === "none" || (code !== null && discount === "none")) return unpriced(request, values, parsed.details);
  const limited = await request.limit(parsed.details.contact.email);
  if (limited) return { kind: "limited", values, problem: limited };
  try {
    const owner = await request.owner();
    if (!owner) return { kind: "refused", values, problem: CHECKOUT_MESSAGES.empty, lineProblems: {} };
    const store = await request.store();
    const uid = owner.startsWith("user:") ? owner.slice("user:".length) : null;
    const guest = uid === null ? guestTokenFor(owner, key, request.secret()) : null;
    const result = await store.placeOrder({
      owner,
      uid,
      idempotencyKey: key,
      lines: expected,
      shippingCents: shipping,
      taxCents: tax,
      paymentMethod: parsed.details.paymentMethod,
      discountCode: code,
      discountCents: discount === "none" ? 0 : discount,
      contact: parsed.details.contact,
      address: parsed.details.address,
      guestTokenHash: guest?.hash ?? null,
      confirmation: confirmationEmail(guest?.token ?? null),
    });
    if (result.created) request.afterPlaced(result.order.id);
    if (uid !== null && parsed.details.saveAddress) await saveCheckoutAddress(store, uid, parsed.details.contact, parsed.details.address);
    return {
      kind: "placed",
      order: result.order,
      created: result.created,
      guestToken: guest?.token ?? null,
      path: orderPath(result.order.id, guest?.token ?? null),
      stockShownChanged: result.stockShownChanged,
    };
  } catch (error) {
    if (isStoreError(error, "conflict") && error.fields.shipping === "not_served")
      return { kind: "invalid", values, errors: { country: CHECKOUT_MESSAGES.not_served } };
    if (isStoreError(error, "conflict") && error.fields.payment === "pay_on_delivery_off")
      return {
        kind: "invalid",
        values: { ...values, paymentMethod: "card" },
        errors: { paymentMethod: CHECKOUT_MESSAGES.pay_on_delivery_off },
      };
    if (isStoreError(error, "conflict"))
      return refusal(values, parsed.details, discount === "none" ? 0 : discount, error.fields, await namesOrNull(request));
    // The cart was emptied since the page was shown (its order placed from another tab): said as such, not as a fault.
    if (isStoreError(error, "invalid_input") && error.fields.cart !== undefined)
      return { kind: "refused", values, problem: CHECKOUT_MESSAGES.empty, lineProblems: {} };
    if (isStoreError(error, "unavailable")) {
      log.warn("orders.place_store_unavailable", "An order could not be placed: the store is unavailable", undefined, error);
      return { kind: "unavailable", values, problem: CHECKOUT_MESSAGES.unavailable };
    }
    if (isStoreError(error, "invalid_input") || isStoreError(error, "limit_exceeded") || isStoreError(error, "not_found")) {
      // The form passed its own rules, so the store refusing it means the two sets of rules differ: said, not hidden.
      log.error("orders.store_refused_form", "The store refused an order the checkout form accepted", error);
      return { kind: "refused", values, problem: CHECKOUT_MESSAGES.refused, lineProblems: {} };
    }
    throw error;
  }
}

/**
 * The refusal of a conflict, each line named (fields keyed `line:<productId>`,
 * and `cart`: LineRefusal, lib/data/contract/order-store.ts), the code's
 * (DiscountRefusal, on its field), or the bill now (ShippingRefusal,
 * TaxRefusal, a code's amount changed: the store compares them once the
 * lines agree).
 */
function refusal(
  values: CheckoutValues,
  details: CheckoutDetails,
  shownDiscount: number,
  fields: Record<string, string>,
  names: CheckoutSummary | null,
): CheckoutOutcome {
  const code = details.discountCode;
  const reason = fields.discount as DiscountRefusal | undefined;
  if (code !== null && reason && reason !== "discount_changed")
    return { kind: "invalid", values, errors: { discountCode: DISCOUNT_MESSAGES[reason](code, null) }, discount: null };
  if (fields.shipping === "shipping_changed" || fields.tax === "tax_changed" || reason === "discount_changed") {
    // The code's amount now: the store's when it named one, else the one the page showed.
    const discount =
      code === null ? null : { code, cents: fields.discountCents !== undefined ? Number(fields.discountCents) : shownDiscount };
    const bill = names && billFor(names.zones, details.address, names.subtotalCents, discount?.cents ?? 0);
    return {
      kind: "refused",
      values,
      problem: bill ? billInWords(bill, code, true) : CHECKOUT_MESSAGES.refused,
      lineProblems: {},
      discount,
    };
  }
  const lineProblems: Record<string, string> = {};
  let cartChanged = false;
  for (const [field, reason] of Object.entries(fields)) {
    if (field === "cart") {
      cartChanged = true;
      continue;
    }
    if (!field.startsWith("line:")) continue;
    const productId = field.slice("line:".length);
    const message = LINE_MESSAGES[reason as keyof typeof LINE_MESSAGES];
    lineProblems[productId] = message ? message(names ? nameOf(names, productId) : "a product") : CHECKOUT_MESSAGES.refused;
  }
  const lineCount = Object.keys(lineProblems).length;
  const problem =
    lineCount > 0 ? Object.values(lineProblems).join(" ") : cartChanged ? CHECKOUT_MESSAGES.cart_changed : CHECKOUT_MESSAGES.refused;
  return { kind: "refused", values, problem, lineProblems };
}

/**
 * A post that carried no bill (the address or code not priced on the page:
 * no JavaScript, a code just typed): the bill in words, asked of the store
 * and shown before anything is placed; the country's error where no zone
 * serves the address, the code's where it does not apply.
 */
async function unpriced(request: PlaceOrderRequest, values: CheckoutValues, details: CheckoutDetails): Promise<CheckoutOutcome> {
  const names = await namesOrNull(request);
  if (!names) return { kind: "unavailable", values, problem: CHECKOUT_MESSAGES.unavailable };
  if (names.lines.length === 0) return { kind: "refused", values, problem: CHECKOUT_MESSAGES.empty, lineProblems: {} };
  const code = details.discountCode;
  let priced: Awaited<ReturnType<typeof priceDiscount>> | null = null;
  try {
    priced = code === null ? null : await priceDiscount(await request.store(), code, details.contact.email, names.subtotalCents);
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("orders.discount_unpriced", "A discount code could not be priced: the store is unavailable", undefined, error);
    return { kind: "unavailable", values, problem: CHECKOUT_MESSAGES.unavailable };
  }
  if (priced && "error" in priced) return { kind: "invalid", values, errors: { discountCode: priced.error }, discount: null };
  const bill = billFor(names.zones, details.address, names.subtotalCents, priced?.cents ?? 0);
  if (!bill) return { kind: "invalid", values, errors: { country: CHECKOUT_MESSAGES.not_served } };
  return { kind: "refused", values, problem: billInWords(bill, code, false), lineProblems: {}, discount: priced };
}

/** The cart's names again for a refusal's message; null when the store cannot answer now (the message goes without them). */
async function namesOrNull(request: PlaceOrderRequest): Promise<CheckoutSummary | null> {
  try {
    return await checkoutSummary(await request.store(), await request.owner(), { stock: false });
  } catch (error) {
    log.warn(
      "orders.refusal_without_names",
      "A refused order's message goes without the products' names: the cart could not be read again",
      undefined,
      error,
    );
    return null;
  }
}

function nameOf(summary: CheckoutSummary, productId: string): string {
  return summary.lines.find((line) => line.productId === productId)?.name ?? productId;
}
