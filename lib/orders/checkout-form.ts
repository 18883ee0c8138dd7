/**
 * The checkout form's one parse, applied by the server
 * (lib/orders/place-order.ts) to the React form's and the page without
 * JavaScript's posts alike: the fields, limits and labels of
 * checkout-fields.ts, the order's contact and address out, or each field's
 * first error.
 */
import { z } from "zod";
import type { OrderContact, ShippingAddress } from "@/lib/data/order-types";
import { CHECKOUT_FIELD_NAMES, CHECKOUT_LIMITS, type CheckoutErrors, type CheckoutField, type CheckoutValues } from "./checkout-fields";
import { COUNTRY_CODES } from "./countries";

// No 'unsafe-eval' in the CSP: zod must not probe Function() (lib/data/validation.ts says why).
z.config({ jitless: true });

// Control characters have no place in a name or an address (they would also reach the email's text).
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

function text(label: string, max: number, required: boolean) {
  let schema = z
    .string()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARS.test(value), `${label} may not contain control characters.`);
  if (required) schema = schema.min(1, `Enter your ${label.toLowerCase()}.`);
  return schema;
}

const checkoutSchema = z.object({
  email: z
    .string()
    .min(1, "Enter your email address.")
    .max(CHECKOUT_LIMITS.emailMax, `Email must be at most ${CHECKOUT_LIMITS.emailMax} characters.`)
    .pipe(z.email("Enter an email address like name@example.com.")),
  name: text("Full name", CHECKOUT_LIMITS.nameMax, true),
  phone: text("Phone", CHECKOUT_LIMITS.phoneMax, false).refine(
    (value) => value === "" || /^\+?[0-9 ()./-]{4,}$/.test(value),
    "Enter a phone number of digits, spaces and + ( ) - . /",
  ),
  country: z.enum(COUNTRY_CODES, "Choose a country."),
  line1: text("Address", CHECKOUT_LIMITS.lineMax, true),
  line2: text("Address line 2", CHECKOUT_LIMITS.lineMax, false),
  city: text("City", CHECKOUT_LIMITS.cityMax, true),
  region: text("State, province or county", CHECKOUT_LIMITS.regionMax, false),
  postalCode: text("Postal code", CHECKOUT_LIMITS.postalCodeMax, true),
});

interface CheckoutDetails {
  contact: OrderContact;
  address: ShippingAddress;
}

type CheckoutParse =
  { ok: true; details: CheckoutDetails; values: CheckoutValues } | { ok: false; errors: CheckoutErrors; values: CheckoutValues };

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
      address: {
        country: data.country,
        line1: data.line1,
        line2: data.line2,
        city: data.city,
        region: data.region,
        postalCode: data.postalCode,
      },
    },
  };
}
