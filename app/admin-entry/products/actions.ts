"use server";

import { redirect } from "next/navigation";
import { deleteProductAs, updateProductAs, type DeleteProductResult, type EditProductResult } from "@/lib/admin/edit-product";
import { requestCaller } from "@/lib/admin/request-caller";
import { invalidateCatalog } from "@/lib/catalog/invalidate";
import { getStore } from "@/lib/data";

/**
 * The edit and delete actions of a product's admin page. Like addProduct:
 * trust nothing from the browser (Origin, an admin session: proxy.ts is the
 * first gate, this is the second), the store's own rules, and on success the
 * catalogue cache is expired, so every shop page, search, the sitemap and
 * open carts follow (every other instance through its store listener).
 */
export async function updateProductAction(_previous: EditProductResult | null, form: FormData): Promise<EditProductResult> {
  const result = await updateProductAs(await requestCaller("edit-product"), form, getStore);
  if (result.ok) invalidateCatalog();
  return result;
}

export async function deleteProductAction(_previous: DeleteProductResult | null, form: FormData): Promise<DeleteProductResult> {
  const result = await deleteProductAs(await requestCaller("delete-product"), form, getStore);
  if (!result.ok) return result;
  invalidateCatalog();
  redirect(`/admin-entry/products?deleted=${encodeURIComponent(result.name.slice(0, 120))}`);
}
