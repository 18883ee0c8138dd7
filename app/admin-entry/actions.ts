"use server";

import { headers } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import { invalidateCatalog } from "@/lib/catalog/invalidate";
import { getStore, isStoreError } from "@/lib/data";
import { refuseCaller } from "./guard";
import { formFieldOf, formValues, parseProductForm, type AddProductResult, type FieldErrors } from "./product-form";

/**
 * Adds a product from the "Add a product" form. Trusts nothing from the
 * browser: the caller must be on this site (Origin) and hold an admin
 * session (proxy.ts is the first gate, this is the second); the input goes
 * through the store's own rules. On success the catalogue cache is expired
 * so home and category pages show the product at once.
 */
export async function addProduct(_previous: AddProductResult | null, form: FormData): Promise<AddProductResult> {
  const requestHeaders = await headers();
  const refusal = refuseCaller({
    origin: requestHeaders.get("origin"),
    host: requestHeaders.get("host"),
    forwardedHost: requestHeaders.get("x-forwarded-host"),
    user: await currentUser().catch(() => null),
  });
  if (refusal) return refusal;

  const values = formValues(form);
  const parsed = parseProductForm(form);
  if (!parsed.ok) {
    return { ok: false, error: "Some fields need attention.", fieldErrors: parsed.fieldErrors, values };
  }

  try {
    const store = await getStore();
    const product = await store.addProduct(parsed.product);
    invalidateCatalog();
    return { ok: true, product };
  } catch (error) {
    if (isStoreError(error, "invalid_input")) {
      const fieldErrors: FieldErrors = {};
      for (const [key, message] of Object.entries(error.fields)) {
        const field = formFieldOf(key);
        if (field) fieldErrors[field] ??= message;
      }
      return { ok: false, error: "Some fields need attention.", fieldErrors, values };
    }
    console.error("Could not add a product", error);
    return { ok: false, error: "The product could not be saved. Please try again.", fieldErrors: {}, values };
  }
}
