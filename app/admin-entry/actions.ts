"use server";

import { invalidateCatalog } from "@/lib/catalog/invalidate";
import { getStore } from "@/lib/data";
import { addProductAs } from "@/lib/admin/add-product";
import { requestCaller } from "@/lib/admin/request-caller";
import type { AddProductResult } from "@/lib/admin/product-form";

/**
 * Adds a product from the "Add a product" form. Trusts nothing from the
 * browser: the caller must be on this site (Origin) and hold an admin
 * session (proxy.ts is the first gate, this is the second; a session the
 * store cannot check is refused as "unavailable"); the input goes
 * through the store's own rules (addProductAs). On success the catalogue
 * cache is expired so home and category pages show the product at once.
 */
export async function addProduct(_previous: AddProductResult | null, form: FormData): Promise<AddProductResult> {
  const result = await addProductAs(await requestCaller("add-product"), form, getStore);
  if (result.ok) invalidateCatalog();
  return result;
}
