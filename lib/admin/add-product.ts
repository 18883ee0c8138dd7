/**
 * The add-product action's core, without the request: who calls (origin and
 * session, already read by the action) and where to write are arguments, so
 * the whole path (gate, form rules, store rules, error mapping) runs in unit
 * tests and fuzzers against a real store. A stock typed with the product is
 * set in its own record right after it (StockStore.setStock, from "not
 * tracked"): a new product has no stock a sale could have moved. The "use server" action
 * (lib/admin/add-product-actions.ts) is a thin shell that reads the request and
 * expires the cache.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { changedBy, type Caller } from "./guard";
import type { AddProductResult } from "./product-form";
import { getMediaStore } from "@/lib/media";
import { PHOTO_NOT_STORED, isPhotoNotStored, withPhotoStored, type MediaOpener } from "./product-photo";
import { fieldErrorsOf, fieldsNeedAttention, readProductFormWithPhoto } from "./read-product-form";
import { FOREIGN_PHOTO, foreignPhoto } from "./product-photos-owned";

/**
 * Opens the store only once a write is due: a refused caller or a bad form
 * never touches storage (and a store that cannot open is a save failure).
 */
export type StoreOpener = () => Promise<Pick<Store, "addProduct" | "setStock">>;

const ADD_MESSAGES = {
  notSaved: "The product could not be saved. Please try again.",
  stockNotSaved: (name: string) =>
    `Added “${name}”, but its stock could not be saved: open it from the product list and set the stock there.`,
} as const;

/** Adds a product for `caller`; refusals and bad forms change nothing. */
export async function addProductAs(
  caller: Caller,
  form: unknown,
  openStore: StoreOpener,
  openMedia: MediaOpener = getMediaStore,
): Promise<AddProductResult> {
  const read = await readProductFormWithPhoto(caller, form);
  if (!read.ok) return read;
  const { values, parsed, stock, photo } = read;
  const count = stock?.ok ? stock.count : null;
  if (foreignPhoto([], parsed.product.images, photo?.path ?? null)) return fieldsNeedAttention({ productImage: FOREIGN_PHOTO }, values);

  let store: Awaited<ReturnType<StoreOpener>>;
  let product: Product;
  try {
    store = await openStore();
    product = await withPhotoStored(photo, openMedia, () => store.addProduct(parsed.product, changedBy(caller)));
  } catch (error) {
    if (isStoreError(error, "invalid_input")) return fieldsNeedAttention(fieldErrorsOf(error.fields), values);
    if (isPhotoNotStored(error)) {
      log.error("admin.photo_store_failed", "Could not store a new product's photo", error);
      return { ok: false, error: PHOTO_NOT_STORED, fieldErrors: {}, values };
    }
    log.error("admin.product_add_failed", "Could not add a product", error);
    return { ok: false, error: ADD_MESSAGES.notSaved, fieldErrors: {}, values };
  }
  if (count === null) return { ok: true, product, stock: null };
  try {
    await store.setStock(product.id, count, null);
    return { ok: true, product, stock: count };
  } catch (error) {
    // The product is in the catalogue: sending the form again would add it twice, so say what is missing instead.
    log.error("admin.new_stock_failed", "Could not set a new product's stock", error);
    return { ok: true, product, stock: null, warning: ADD_MESSAGES.stockNotSaved(product.name) };
  }
}
