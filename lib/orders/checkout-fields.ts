/**
 * The checkout form's fields: names, labels, autocomplete tokens and limits,
 * and the hidden fields the page renders. The forms (components/checkout,
 * the page without JavaScript) and the server's parse (checkout-form.ts)
 * take them from here, so what the browser asks for is what the server
 * accepts. Pure and zod-free: the client form imports it.
 */
import { ADDRESS_LIMITS } from "@/lib/data/contract/limits";
import type { PaymentMethod } from "@/lib/data/contract/payment-states";
import { US_STATES } from "@/lib/data/contract/us-states";

/** The checkout's query parameter naming the saved address its fields start from (a GET form's choice, with or without JavaScript). */
export const SAVED_ADDRESS_PARAM = "address";

/** The key the checkout page drew for its form: one order per key and cart owner. */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";

/** One hidden field per line as shown: "productId|unitPriceCents|quantity" (checkout-lines.ts). */
export const EXPECTED_LINE_FIELD = "line";

/** The shipping the page showed for the address, in cents ("" where it showed none): the store refuses another figure. */
export const SHIPPING_FIELD = "shipping";

/** The sales tax the page showed, in cents ("" where it showed none): the store refuses another figure. */
export const TAX_FIELD = "tax";

/**
 * What the page showed the discount code takes off, in cents, as the server
 * last priced it ("" where the code typed was not priced yet); "0" without a
 * code. The store refuses another amount.
 */
export const DISCOUNT_FIELD = "discount";

/** The fields' limits are the store's (lib/data/contract/limits.ts), so the form asks for no more than is kept. */
const CHECKOUT_LIMITS = ADDRESS_LIMITS;

/** The text fields in the order the form shows them. */
export const CHECKOUT_FIELDS = {
  email: { label: "Email", autoComplete: "email", type: "email", max: CHECKOUT_LIMITS.emailMax, required: true },
  name: { label: "Full name", autoComplete: "name", type: "text", max: CHECKOUT_LIMITS.nameMax, required: true },
  phone: { label: "Phone (optional)", autoComplete: "tel", type: "tel", max: CHECKOUT_LIMITS.phoneMax, required: false },
  country: { label: "Country", autoComplete: "country", type: "select", max: 2, required: true },
  line1: { label: "Address", autoComplete: "address-line1", type: "text", max: CHECKOUT_LIMITS.lineMax, required: true },
  line2: {
    label: "Apartment, suite, etc. (optional)",
    autoComplete: "address-line2",
    type: "text",
    max: CHECKOUT_LIMITS.lineMax,
    required: false,
  },
  city: { label: "City", autoComplete: "address-level2", type: "text", max: CHECKOUT_LIMITS.cityMax, required: true },
  region: {
    label: "State, province or county",
    autoComplete: "address-level1",
    type: "text",
    max: CHECKOUT_LIMITS.regionMax,
    required: false,
  },
  postalCode: { label: "Postal code", autoComplete: "postal-code", type: "text", max: CHECKOUT_LIMITS.postalCodeMax, required: true },
  discountCode: { label: "Discount code (optional)", autoComplete: "off", type: "text", max: 32, required: false },
  /** A signed-in shopper's "save this address to my address book" checkbox: "on" when ticked, "" otherwise. */
  saveAddress: { label: "Save this address to my address book", autoComplete: "off", type: "checkbox", max: 2, required: false },
  /** How to pay (PAYMENT_CHOICES): a choice where both ways are offered, a hidden field where one is; "" (not posted) is pay on delivery. */
  paymentMethod: { label: "Payment", autoComplete: "off", type: "radio", max: 20, required: false },
} as const;

/** Every way to pay, in the order a choice shows them (the first checked): value and words. */
const PAYMENT_CHOICES = [
  { value: "card", label: "Pay by card", hint: "On Stripe's secure page, right after you place the order." },
  { value: "pay_on_delivery", label: "Pay on delivery", hint: "Pay when the order is delivered." },
] as const satisfies readonly { value: PaymentMethod; label: string; hint: string }[];

/** What the checkout says of payment where it offers one way only (no choice to make). */
const ONLY_NOTES: Record<PaymentMethod, string> = {
  pay_on_delivery: "Payment: pay on delivery. The shop takes no card payments at the moment.",
  card: "Payment: by card, on Stripe's secure page, right after you place the order.",
};

/** The checkout's payment note where the offer (payment-offer.ts) is one way; null where the shopper chooses, or none is open. */
export const onlyPaymentNote = (offer: readonly PaymentMethod[]): string | null => (offer.length === 1 ? ONLY_NOTES[offer[0]] : null);

/** The choices the offer makes, in PAYMENT_CHOICES' order. */
export const offeredChoices = (offer: readonly PaymentMethod[]) => PAYMENT_CHOICES.filter((choice) => offer.includes(choice.value));

/** The choice shown checked: the one posted where it is offered, else the first offered. */
export function checkedPayment(posted: string, offer: readonly PaymentMethod[]): string {
  const choices = offeredChoices(offer);
  return choices.find((choice) => choice.value === posted)?.value ?? choices[0]?.value ?? "";
}

export type CheckoutField = keyof typeof CHECKOUT_FIELDS;

/** The fields of each group the forms show: who orders, where it goes, and the code. */
export const CONTACT_FIELD_NAMES: readonly CheckoutField[] = ["email", "name", "phone"];
export const ADDRESS_FIELD_NAMES: readonly CheckoutField[] = ["country", "line1", "line2", "city", "region", "postalCode"];
export const CHECKOUT_FIELD_NAMES = Object.keys(CHECKOUT_FIELDS) as CheckoutField[];

/** What the shopper typed, as typed (trimmed): the form shows it again after a refusal. */
export type CheckoutValues = Record<CheckoutField, string>;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const EMPTY_CHECKOUT_VALUES: CheckoutValues = {
  email: "",
  name: "",
  phone: "",
  country: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  discountCode: "",
  saveAddress: "",
  paymentMethod: "",
};

/** The states a US address chooses from (code, name), in the order of their names. */
export const US_STATE_CHOICES: readonly (readonly [string, string])[] = [...US_STATES].sort((a, b) => a[1].localeCompare(b[1], "en"));

/**
 * Whether the region is chosen from the US states: for an address in the
 * United States, and before a country is chosen where the shop ships to the
 * United States only (the form without JavaScript cannot change its field
 * as the country changes; with several countries it asks for the text,
 * which the server checks is a state's code for a US address).
 */
export function regionIsUsState(country: string, served: readonly string[]): boolean {
  return country === "US" || (country === "" && served.length === 1 && served[0] === "US");
}
