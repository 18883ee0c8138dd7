/**
 * The edit and delete actions' core, without the request, like
 * add-product.ts: the caller (origin and session), the form and the store
 * are arguments, so the whole path runs in unit tests and fuzzers against a
 * real store. The same gate, form reading and messages as adding
 * (read-product-form.ts).
 *
 * Each form carries the product's id and the revision it was opened at; the
 * store refuses a save or delete from an older revision (another admin saved
 * meanwhile), and the admin is told so with their typed values kept.
 */
import "server-only";
import { isStoreError } from "@/lib/data/errors";
import type { Product, Store } from "@/lib/data/types";
import { idSchema, revisionSchema } from "@/lib/data/validation";
import { changedBy, type Caller } from "./guard";
import type { FieldErrors, ProductFormValues } from "./product-form";
import { FIELDS_NEED_ATTENTION, fieldErrorsOf, fieldsNeedAttention, gateProductForm, readProductForm } from "./read-product-form";

type EditFailureReason = "conflict" | "not_found";

export type EditProductResult =
  | { ok: true; product: Product; revision: number }
  | { ok: false; error: string; fieldErrors: FieldErrors; values?: ProductFormValues; reason?: EditFailureReason };

export type DeleteProductResult = { ok: true; name: string } | { ok: false; error: string; reason?: EditFailureReason };

export const EDIT_MESSAGES = {
  conflict: "This product changed since you opened it, so your change was not saved. Open it again to see the current version; your typed values are still in the form.",
  deleteConflict: "This product changed since you opened it, so it was not deleted. Open it again, check the current version, then delete it.",
  notFound: "This product no longer exists: it was deleted since you opened it.",
  notAProduct: "This form does not name a product. Open the product from the list and try again.",
  fields: FIELDS_NEED_ATTENTION,
  notSaved: "The product could not be saved. Please try again.",
  notDeleted: "The product could not be deleted. Please try again.",
  notConfirmed: "Confirm that you want to delete this product.",
} as const;

type EditStoreOpener = () => Promise<Pick<Store, "updateProduct" | "deleteProduct">>;

/** The product id and the revision the form was opened at, or null when either is missing or malformed. */
function target(form: FormData): { id: string; revision: number } | null {
  const id = idSchema.min(1).safeParse(form.get("productId"));
  const revisionText = form.get("revision");
  const revision = revisionSchema.safeParse(typeof revisionText === "string" && /^\d{1,15}$/.test(revisionText) ? Number(revisionText) : Number.NaN);
  return id.success && revision.success ? { id: id.data, revision: revision.data } : null;
}

/** Saves an edit for `caller`; refusals, bad forms and conflicts change nothing. */
export async function updateProductAs(caller: Caller, form: unknown, openStore: EditStoreOpener): Promise<EditProductResult> {
  const read = readProductForm(caller, form);
  if (!read.ok) return read;
  const { values, parsed } = read;
  const which = target(read.form);
  if (!which) return { ok: false, error: EDIT_MESSAGES.notAProduct, fieldErrors: {}, values };
  if (!parsed.ok) return fieldsNeedAttention(parsed.fieldErrors, values);
  try {
    const store = await openStore();
    const saved = await store.updateProduct(which.id, parsed.product, which.revision, changedBy(caller));
    return { ok: true, product: saved.product, revision: saved.revision };
  } catch (error) {
    if (isStoreError(error, "conflict")) return { ok: false, error: EDIT_MESSAGES.conflict, fieldErrors: {}, values, reason: "conflict" };
    if (isStoreError(error, "not_found")) return { ok: false, error: EDIT_MESSAGES.notFound, fieldErrors: {}, values, reason: "not_found" };
    if (isStoreError(error, "invalid_input")) return fieldsNeedAttention(fieldErrorsOf(error.fields), values);
    console.error("Could not save a product", error);
    return { ok: false, error: EDIT_MESSAGES.notSaved, fieldErrors: {}, values };
  }
}

/** Deletes a product for `caller`, once confirmed (`confirm=delete`); refusals and conflicts change nothing. */
export async function deleteProductAs(caller: Caller, form: unknown, openStore: EditStoreOpener): Promise<DeleteProductResult> {
  const gate = gateProductForm(caller, form);
  if (!gate.ok) return { ok: false, error: gate.error };
  const which = target(gate.form);
  if (!which) return { ok: false, error: EDIT_MESSAGES.notAProduct };
  if (gate.form.get("confirm") !== "delete") return { ok: false, error: EDIT_MESSAGES.notConfirmed };
  const name = gate.form.get("productName");
  try {
    const store = await openStore();
    await store.deleteProduct(which.id, which.revision, changedBy(caller));
    return { ok: true, name: typeof name === "string" ? name : "" };
  } catch (error) {
    if (isStoreError(error, "conflict")) return { ok: false, error: EDIT_MESSAGES.deleteConflict, reason: "conflict" };
    if (isStoreError(error, "not_found")) return { ok: false, error: EDIT_MESSAGES.notFound, reason: "not_found" };
    console.error("Could not delete a product", error);
    return { ok: false, error: EDIT_MESSAGES.notDeleted };
  }
}
