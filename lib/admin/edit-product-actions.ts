"use server";

import { redirect } from "next/navigation";
import { deleteProductAs, updateProductAs, type DeleteProductResult, type EditProductResult } from "@/lib/admin/edit-product";
import { requestCaller } from "@/lib/admin/request-caller";
import { catalogVersionBeforeWrite, expireChangesSince } from "@/lib/catalog/invalidate";
import { expireStockShown } from "@/lib/catalog/stock-expiry";
import { getStore } from "@/lib/data";

/**
 * The edit and delete actions of a product's admin page. Like addProduct:
 * trust nothing from the browser (Origin, an admin session: proxy.ts is the
 * first gate, this is the second), the store's own rules, and on success what
 * it changed is expired (lib/catalog/invalidate.ts): that product's page, the
 * lists that show it, search and the sitemap (every other instance through
 * its store listener). A stock saved with it that changes what pages show of
 * it ("Only N left", "Out of stock": lib/data/rules/stock-shown.ts) expires the
 * pages that show that product, and nothing else (other instances through
 * their stock feed, StockStore.watchStock).
 */
export async function updateProductAction(_previous: EditProductResult | null, form: FormData): Promise<EditProductResult> {
  const since = await catalogVersionBeforeWrite();
  const result = await updateProductAs(await requestCaller("edit-product"), form, getStore);
  // A stock refused after the other fields were saved still expires what those changed.
  if (result.ok ? result.wrote.product : result.productSaved) await expireChangesSince(since);
  if (result.ok && result.stockShownChanged) expireStockShown([result.product.id]);
  return result;
}

export async function deleteProductAction(_previous: DeleteProductResult | null, form: FormData): Promise<DeleteProductResult> {
  const since = await catalogVersionBeforeWrite();
  const result = await deleteProductAs(await requestCaller("delete-product"), form, getStore);
  if (!result.ok) return result;
  await expireChangesSince(since);
  redirect(`/admin-entry/products?deleted=${encodeURIComponent(result.name.slice(0, 120))}`);
}
