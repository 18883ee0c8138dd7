/**
 * The checkout form: its fields, their limits and the one parse the server
 * applies (lib/orders/place-order.ts). The form (components/checkout and the
 * page without JavaScript) takes its names, limits and autocomplete tokens
 * from here, so what the browser asks for is what the server accepts. Pure
 * and free of "server-only": the client form imports the field list.
 */
import { z } from "zod";
import type { OrderContact, ShippingAddress } from "@/lib/data/order-types";
import { COUNTRY_CODES } from "./countries";

// No 'unsafe-eval' in the CSP: zod must not probe Function() (lib/data/validation.ts says why).
z.config({ jitless: true });

export const CHECKOUT_LIMITS = {
  emailMax: 254,
  nameMax: 100,
  phoneMax: 30,
  lineMax: 100,
  cityMax: 80,
  regionMax: 80,
  postalCodeMax: 16,
} as const;

/** The text fields in the order the form shows them, with their labels, autocomplete tokens and limits. */
export const CHECKOUT_FIELDS = {
  email: { label: "Email", autoComplete: "email", type: "email", max: CHECKOUT_LIMITS.emailMax, required: true },
  name: { label: "Full name", autoComplete: "name", type: "text", max: CHECKOUT_LIMITS.nameMax, required: true },
  phone: { label: "Phone (optional)", autoComplete: "tel", type: "tel", max: CHECKOUT_LIMITS.phoneMax, required: false },
  country: { label: "Country", autoComplete: "country", type: "select", max: 2, required: true },
  line1: { label: "Address", autoComplete: "address-line1", type: "text", max: CHECKOUT_LIMITS.lineMax, required: true },
  line2: { label: "Apartment, suite, etc. (optional)", autoComplete: "address-line2", type: "text", max: CHECKOUT_LIMITS.lineMax, required: false },
  city: { label: "City", autoComplete: "address-level2", type: "text", max: CHECKOUT_LIMITS.cityMax, required: true },
  region: { label: "State, province or county (optional)", autoComplete: "address-level1", type: "text", max: CHECKOUT_LIMITS.regionMax, required: false },
  postalCode: { label: "Postal code", autoComplete: "postal-code", type: "text", max: CHECKOUT_LIMITS.postalCodeMax, required: true },
} as const;

export type CheckoutField = keyof typeof CHECKOUT_FIELDS;
export const CHECKOUT_FIELD_NAMES = Object.keys(CHECKOUT_FIELDS) as CheckoutField[];

/** What the shopper typed, as typed (trimmed): the form shows it again after a refusal. */
export type CheckoutValues = Record<CheckoutField, string>;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const EMPTY_CHECKOUT_VALUES: CheckoutValues = { email: "", name: "", phone: "", country: "", line1: "", line2: "", city: "", region: "", postalCode: "" };

// Control characters have no place in a name or an address (they would also reach the email's text).
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

function text(label: string, max: number, required: boolean) {
  let schema = z.string().max(max, `${label} must be at most ${max} characters.`).refine((value) => !CONTROL_CHARS.test(value), `${label} may not contain control characters.`);
  if (required) schema = schema.min(1, `Enter your ${label.toLowerCase()}.`);
  return schema;
}

export const checkoutSchema = z.object({
  email: z
    .string()
    .min(1, "Enter your email address.")
    .max(CHECKOUT_LIMITS.emailMax, `Email must be at most ${CHECKOUT_LIMITS.emailMax} characters.`)
    .pipe(z.email("Enter an email address like name@example.com.")),
  name: text("Full name", CHECKOUT_LIMITS.nameMax, true),
  phone: text("Phone", CHECKOUT_LIMITS.phoneMax, false).refine((value) => value === "" || /^\+?[0-9 ()./-]{4,}$/.test(value), "Enter a phone number of digits, spaces and + ( ) - . /"),
  country: z.enum(COUNTRY_CODES, "Choose a country."),
  line1: text("Address", CHECKOUT_LIMITS.lineMax, true),
  line2: text("Address line 2", CHECKOUT_LIMITS.lineMax, false),
  city: text("City", CHECKOUT_LIMITS.cityMax, true),
  region: text("State, province or county", CHECKOUT_LIMITS.regionMax, false),
  postalCode: text("Postal code", CHECKOUT_LIMITS.postalCodeMax, true),
});

export interface CheckoutDetails {
  contact: OrderContact;
  address: ShippingAddress;
}

export type CheckoutParse = { ok: true; details: CheckoutDetails; values: CheckoutValues } | { ok: false; errors: CheckoutErrors; values: CheckoutValues };

/** A posted field as a trimmed string ("" when absent or not text); capped so a huge post is never echoed back whole. */
function fieldOf(form: FormData, name: CheckoutField): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, 1000) : "";
}

/** The posted form's values, parsed: the order's contact and address, or each field's first error. */
export function parseCheckoutForm(form: FormData): CheckoutParse {
  const values = Object.fromEntries(CHECKOUT_FIELD_NAMES.map((name) => [name, fieldOf(form, name)])) as CheckoutValues;
  values.country = values.country.toUpperCase();
  const parsed = checkoutSchema.safeParse(values);
  if (!parsed.success) {
    const errors: CheckoutErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CheckoutField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, values };
  }
  const data = parsed.data;
  return {
    ok: true,
    values,
    details: {
      contact: { email: data.email, name: data.name, phone: data.phone },
      address: { country: data.country, line1: data.line1, line2: data.line2, city: data.city, region: data.region, postalCode: data.postalCode },
    },
  };
}
