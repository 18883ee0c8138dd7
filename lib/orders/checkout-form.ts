/**
 * The checkout form's one parse, applied by the server
 * (lib/orders/place-order.ts) to the React form's and the page without
 * JavaScript's posts alike: the fields of checkout-fields.ts read with the
 * store's own contact and address schemas (lib/data/contract/orders.ts), the
 * order's contact and address out, or each field's first error.
 */
import { addressFieldsSchema, orderContactSchema, usStateIssue, type OrderContact, type ShippingAddress } from "@/lib/data/contract/orders";
import { discountCodeSchema } from "@/lib/data/contract/discounts";
import type { PaymentMethod } from "@/lib/data/contract/payment-states";
import { z } from "@/lib/data/contract/zod";
import { CHECKOUT_FIELD_NAMES, type CheckoutErrors, type CheckoutField, type CheckoutValues } from "./checkout-fields";

/**
 * The order's contact and address as the store declares them (a US address
 * names its state by code), with what the shop asks beyond the store: a
 * country chosen, and a postal code. Whether a zone serves the address is
 * the store's to say, in the placement's transaction (its zones are read
 * there): refused, it is the country field's error (place-order.ts).
 */
const checkoutSchema = z
  .object({
    ...orderContactSchema.shape,
    ...addressFieldsSchema.shape,
    postalCode: addressFieldsSchema.shape.postalCode.refine((value) => value !== "", "Enter your postal code."),
    discountCode: z.union([z.literal(""), discountCodeSchema]),
    saveAddress: z.enum(["", "on"], { error: "Tick the box, or leave it empty." }),
    paymentMethod: z.enum(["", "card", "pay_on_delivery"], { error: "Choose how to pay." }),
  })
  .superRefine((values, ctx) => {
    const issue = usStateIssue(values);
    if (issue) ctx.addIssue({ code: "custom", path: ["region"], message: issue });
  });

export interface CheckoutDetails {
  contact: OrderContact;
  address: ShippingAddress;
  /** The code typed, upper-cased; null for none. */
  discountCode: string | null;
  /** Card when chosen; pay on delivery when chosen or not offered. */
  paymentMethod: PaymentMethod;
  /** A signed-in shopper asked to keep the address in their address book. */
  saveAddress: boolean;
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
      discountCode: data.discountCode === "" ? null : data.discountCode,
      paymentMethod: data.paymentMethod === "card" ? "card" : "pay_on_delivery",
      saveAddress: data.saveAddress === "on",
    },
  };
}
