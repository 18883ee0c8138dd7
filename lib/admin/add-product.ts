/**
 * The add-product action's core, without the request: who calls (origin and
 * session, already read by the action) and where to write are arguments, so
 * the whole path (gate, form rules, store rules, error mapping) runs in unit
 * tests and fuzzers against a real store. The "use server" action
 * (app/admin-entry/actions.ts) is a thin shell that reads the request and
 * expires the cache.
 */
import "server-only";
import { isStoreError } from "@/lib/data/errors";
import type { Store } from "@/lib/data/types";
import { changedBy, refuseCaller, type Caller } from "./guard";
import { formFieldOf, formValues, parseProductForm, type AddProductResult, type FieldErrors } from "./product-form";

/**
 * Opens the store only once a write is due: a refused caller or a bad form
 * never touches storage (and a store that cannot open is a save failure).
 */
export type StoreOpener = () => Promise<Pick<Store, "addProduct">>;

export const NOT_A_FORM = "Send the product with the Add a product form.";

/** The store's field reasons (keyed by its clean names), keyed by the form's field ids. */
export function fieldErrorsOf(fields: Record<string, string>): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = formFieldOf(key);
    if (field) fieldErrors[field] ??= message;
  }
  return fieldErrors;
}

/**
 * Adds a product for `caller`; refusals and bad forms change nothing. `form`
 * is `unknown` because an action's arguments come off the network: a direct
 * call can send a string, null or a plain object instead of FormData.
 */
export async function addProductAs(caller: Caller, form: unknown, openStore: StoreOpener): Promise<AddProductResult> {
  const refusal = refuseCaller(caller);
  if (refusal) return refusal;
  // Only real FormData: a decoded object could carry a server reference as its `get`.
  if (!(form instanceof FormData)) return { ok: false, error: NOT_A_FORM, fieldErrors: {} };

  const values = formValues(form);
  const parsed = parseProductForm(form);
  if (!parsed.ok) {
    return { ok: false, error: "Some fields need attention.", fieldErrors: parsed.fieldErrors, values };
  }

  try {
    const store = await openStore();
    const product = await store.addProduct(parsed.product, changedBy(caller));
    return { ok: true, product };
  } catch (error) {
    if (isStoreError(error, "invalid_input")) {
      return { ok: false, error: "Some fields need attention.", fieldErrors: fieldErrorsOf(error.fields), values };
    }
    console.error("Could not add a product", error);
    return { ok: false, error: "The product could not be saved. Please try again.", fieldErrors: {}, values };
  }
}
