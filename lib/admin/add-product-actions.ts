"use server";

import { catalogVersionBeforeWrite, expireChangesSince } from "@/lib/catalog/invalidate";
import { getStore } from "@/lib/data";
import { addProductAs } from "@/lib/admin/add-product";
import { requestCaller } from "@/lib/admin/request-caller";
import type { AddProductResult } from "@/lib/admin/product-form";

/**
 * Adds a product from the "Add a product" form. Trusts nothing from the
 * browser: the caller must be on this site (Origin) and hold an admin
 * session (proxy.ts is the first gate, this is the second; a session the
 * store cannot check is refused as "unavailable"); the input goes
 * through the store's own rules (addProductAs). On success what it changed
 * is expired (lib/catalog/invalidate.ts) so home and its type's pages show it at once.
 */
export async function addProduct(_previous: AddProductResult | null, form: FormData): Promise<AddProductResult> {
  const since = await catalogVersionBeforeWrite();
  const result = await addProductAs(await requestCaller("add-product"), form, getStore);
  if (result.ok) await expireChangesSince(since);
  return result;
}
