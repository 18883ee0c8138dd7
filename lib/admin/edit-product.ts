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
 *
 * The stock is not a product field: it is kept in its own record
 * (StockStore.setStock) and the form carries the stock it was opened at. A
 * save writes only what the admin changed: the product when its fields
 * differ from the product at the form's revision (a save of the stock alone
 * is no catalogue edit and leaves the catalogue's version as it is), the
 * stock when the count typed differs from the one opened. A stock that moved
 * since the form opened (a sale) refuses the stock's save, naming the count
 * now, with the typed values kept.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { StockCount } from "@/lib/data/contract/order-store";
import type { NewProduct, Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { stockShownChanged } from "@/lib/data/rules/stock-shown";
import { PRODUCT_FIELD_NAMES } from "./product-form-fields";
import { idSchema, revisionSchema } from "@/lib/data/contract/fields";
import { changedBy, type Caller } from "./guard";
import type { FieldErrors, ProductFormValues } from "./product-form";
import { getMediaStore } from "@/lib/media";
import { formValues } from "./product-form";
import { PHOTO_NOT_STORED, isPhotoNotStored, withPhotoStored, type MediaOpener } from "./product-photo";
import { FIELDS_NEED_ATTENTION, fieldErrorsOf, fieldsNeedAttention, gateProductForm, readProductFormWithPhoto } from "./read-product-form";
import { stockWhenOpened } from "./stock-field";
import { FOREIGN_PHOTO, foreignPhoto, removeDroppedPhotos } from "./product-photos-owned";

type EditFailureReason = "conflict" | "not_found" | "stock_conflict";

export type EditProductResult =
  | {
      ok: true;
      product: Product;
      revision: number;
      /** The stock now (null: not tracked), which the form carries from here on. */
      stock: StockCount;
      /** What the save wrote: the product's fields (a catalogue edit), the stock (its own record). */
      wrote: { product: boolean; stock: boolean };
      /** Whether the stock's save changed what pages show of it (stock-shown.ts): those pages are then expired. */
      stockShownChanged: boolean;
    }
  | {
      ok: false;
      error: string;
      fieldErrors: FieldErrors;
      values?: ProductFormValues;
      reason?: EditFailureReason;
      /** A stock refused after the product's other fields were saved (a sale between the check and setStock). */
      productSaved?: true;
    };

export type DeleteProductResult = { ok: true; name: string } | { ok: false; error: string; reason?: EditFailureReason };

export const EDIT_MESSAGES = {
  conflict:
    "This product changed since you opened it, so your change was not saved. Open it again to see the current version; your typed values are still in the form.",
  deleteConflict:
    "This product changed since you opened it, so it was not deleted. Open it again, check the current version, then delete it.",
  notFound: "This product no longer exists: it was deleted since you opened it.",
  notAProduct: "This form does not name a product. Open the product from the list and try again.",
  fields: FIELDS_NEED_ATTENTION,
  notSaved: "The product could not be saved. Please try again.",
  notDeleted: "The product could not be deleted. Please try again.",
  notConfirmed: "Confirm that you want to delete this product.",
  /** `now` undefined when the stock could not be read again. */
  stockConflict: (now: StockCount | undefined, productSaved: boolean) =>
    `The stock changed since you opened this product (a sale, or another admin)${now === undefined ? "" : now === null ? ": it is no longer tracked" : `: it is now ${now}`}. ` +
    `${productSaved ? "The product's other fields were saved, but your stock was not" : "Nothing was saved"}; your typed values are still in the form. ` +
    "Open the product again to start from the current stock.",
} as const;

export type EditStoreOpener = () => Promise<
  Pick<Store, "updateProduct" | "deleteProduct" | "getProductRevision" | "getStock" | "setStock">
>;

/** Whether the typed product is the stored one, field for field (then saving it would be no change). */
function sameProduct(stored: NewProduct, typed: NewProduct): boolean {
  const sameImages = (a: NewProduct["images"], b: NewProduct["images"]) =>
    a.length === b.length && a.every((image, i) => image.src === b[i].src && image.alt === b[i].alt);
  return PRODUCT_FIELD_NAMES.every((field) =>
    field === "images" ? sameImages(stored.images, typed.images) : stored[field] === typed[field],
  );
}

/** The product id and the revision the form was opened at, or null when either is missing or malformed. */
function target(form: FormData): { id: string; revision: number } | null {
  const id = idSchema.min(1).safeParse(form.get("productId"));
  const revisionText = form.get("revision");
  const revision = revisionSchema.safeParse(
    typeof revisionText === "string" && /^\d{1,15}$/.test(revisionText) ? Number(revisionText) : Number.NaN,
  );
  return id.success && revision.success ? { id: id.data, revision: revision.data } : null;
}

/** Saves an edit for `caller`; refusals, bad forms and conflicts change nothing. */
export async function updateProductAs(
  caller: Caller,
  form: unknown,
  openStore: EditStoreOpener,
  openMedia: MediaOpener = getMediaStore,
): Promise<EditProductResult> {
  const gate = gateProductForm(caller, form);
  if (!gate.ok) return gate;
  const which = target(gate.form);
  const opened = stockWhenOpened(gate.form);
  if (!which || opened === undefined)
    return { ok: false, error: EDIT_MESSAGES.notAProduct, fieldErrors: {}, values: formValues(gate.form) };
  const read = await readProductFormWithPhoto(caller, gate.form);
  if (!read.ok) return read;
  const { values, parsed, stock, photo } = read;
  // The stock's save is due only when the count typed differs from the one the form opened at.
  const newStock = stock?.ok && stock.count !== opened ? { count: stock.count } : null;
  const stockConflict = (now: StockCount | undefined, productSaved: boolean): EditProductResult => ({
    ok: false,
    error: EDIT_MESSAGES.stockConflict(now, productSaved),
    fieldErrors: {},
    values,
    reason: "stock_conflict",
    ...(productSaved ? { productSaved: true as const } : {}),
  });
  let productSaved = false;
  let writingStock = false;
  try {
    const store = await openStore();
    const [current, stockRead] = await Promise.all([store.getProductRevision(which.id), store.getStock([which.id])]);
    if (!current) return { ok: false, error: EDIT_MESSAGES.notFound, fieldErrors: {}, values, reason: "not_found" };
    const stockNow = stockRead.get(which.id) ?? null;
    // Refused before anything is written when a sale already moved the stock.
    if (newStock && stockNow !== opened) return stockConflict(stockNow, false);
    if (foreignPhoto(current.product.images, parsed.product.images, photo?.path ?? null))
      return fieldsNeedAttention({ productImage: FOREIGN_PHOTO }, values);
    const writeProduct = current.revision !== which.revision || !sameProduct(current.product, parsed.product);
    const saved = writeProduct
      ? await withPhotoStored(photo, openMedia, () => store.updateProduct(which.id, parsed.product, which.revision, changedBy(caller)))
      : current;
    productSaved = writeProduct;
    if (writeProduct) await removeDroppedPhotos(openMedia, current.product.images, saved.product.images);
    writingStock = true;
    if (newStock) await store.setStock(which.id, newStock.count, opened);
    return {
      ok: true,
      product: saved.product,
      revision: saved.revision,
      stock: newStock ? newStock.count : stockNow,
      wrote: { product: writeProduct, stock: newStock !== null },
      stockShownChanged: newStock !== null && stockShownChanged(stockNow, newStock.count),
    };
  } catch (error) {
    // A sale between the check above and setStock: the stock is refused all the same.
    if (isStoreError(error, "conflict") && writingStock) return stockConflict(await stockAfterConflict(openStore, which.id), productSaved);
    if (isStoreError(error, "conflict")) return { ok: false, error: EDIT_MESSAGES.conflict, fieldErrors: {}, values, reason: "conflict" };
    if (isStoreError(error, "not_found")) return { ok: false, error: EDIT_MESSAGES.notFound, fieldErrors: {}, values, reason: "not_found" };
    if (isStoreError(error, "invalid_input")) return fieldsNeedAttention(fieldErrorsOf(error.fields), values);
    if (isPhotoNotStored(error)) {
      log.error("admin.photo_store_failed", "Could not store a product's new photo", error);
      return { ok: false, error: PHOTO_NOT_STORED, fieldErrors: {}, values };
    }
    log.error("admin.product_save_failed", "Could not save a product", error);
    return { ok: false, error: EDIT_MESSAGES.notSaved, fieldErrors: {}, values };
  }
}

/** The stock after setStock refused the operator's count (a sale between the check and the write); undefined when it cannot be read. */
async function stockAfterConflict(openStore: EditStoreOpener, id: string): Promise<StockCount | undefined> {
  try {
    return (await (await openStore()).getStock([id])).get(id) ?? null;
  } catch {
    return undefined;
  }
}

/** Deletes a product for `caller`, once confirmed (`confirm=delete`); refusals and conflicts change nothing. */
export async function deleteProductAs(
  caller: Caller,
  form: unknown,
  openStore: EditStoreOpener,
  openMedia: MediaOpener = getMediaStore,
): Promise<DeleteProductResult> {
  const gate = gateProductForm(caller, form);
  if (!gate.ok) return { ok: false, error: gate.error };
  const which = target(gate.form);
  if (!which) return { ok: false, error: EDIT_MESSAGES.notAProduct };
  if (gate.form.get("confirm") !== "delete") return { ok: false, error: EDIT_MESSAGES.notConfirmed };
  const name = gate.form.get("productName");
  try {
    const store = await openStore();
    const current = await store.getProductRevision(which.id);
    await store.deleteProduct(which.id, which.revision, changedBy(caller));
    // Read at the revision the delete matched: what was deleted, whose photos are now no product's.
    if (current?.revision === which.revision) await removeDroppedPhotos(openMedia, current.product.images, []);
    return { ok: true, name: typeof name === "string" ? name : "" };
  } catch (error) {
    if (isStoreError(error, "conflict")) return { ok: false, error: EDIT_MESSAGES.deleteConflict, reason: "conflict" };
    if (isStoreError(error, "not_found")) return { ok: false, error: EDIT_MESSAGES.notFound, reason: "not_found" };
    log.error("admin.product_delete_failed", "Could not delete a product", error);
    return { ok: false, error: EDIT_MESSAGES.notDeleted };
  }
}
