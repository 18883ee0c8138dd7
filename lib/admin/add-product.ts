/**
 * The add-product action's core, without the request: who calls (origin and
 * session, already read by the action) and where to write are arguments, so
 * the whole path (gate, form rules, store rules, error mapping) runs in unit
 * tests and fuzzers against a real store. The "use server" action
 * (lib/admin/add-product-actions.ts) is a thin shell that reads the request and
 * expires the cache.
 */
import "server-only";
import { isStoreError } from "@/lib/data/errors";
import type { Store } from "@/lib/data/types";
import { changedBy, type Caller } from "./guard";
import type { AddProductResult } from "./product-form";
import { fieldErrorsOf, fieldsNeedAttention, readProductForm } from "./read-product-form";

/**
 * Opens the store only once a write is due: a refused caller or a bad form
 * never touches storage (and a store that cannot open is a save failure).
 */
export type StoreOpener = () => Promise<Pick<Store, "addProduct">>;

/** Adds a product for `caller`; refusals and bad forms change nothing. */
export async function addProductAs(caller: Caller, form: unknown, openStore: StoreOpener): Promise<AddProductResult> {
  const read = readProductForm(caller, form);
  if (!read.ok) return read;
  const { values, parsed } = read;
  if (!parsed.ok) return fieldsNeedAttention(parsed.fieldErrors, values);

  try {
    const store = await openStore();
    const product = await store.addProduct(parsed.product, changedBy(caller));
    return { ok: true, product };
  } catch (error) {
    if (isStoreError(error, "invalid_input")) return fieldsNeedAttention(fieldErrorsOf(error.fields), values);
    console.error("Could not add a product", error);
    return { ok: false, error: "The product could not be saved. Please try again.", fieldErrors: {}, values };
  }
}
