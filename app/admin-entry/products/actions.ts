"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { deleteProductAs, updateProductAs, type DeleteProductResult, type EditProductResult } from "@/lib/admin/edit-product";
import type { Caller } from "@/lib/admin/guard";
import { currentUser } from "@/lib/auth/session";
import { invalidateCatalog } from "@/lib/catalog/invalidate";
import { getStore } from "@/lib/data";

/**
 * The edit and delete actions of a product's admin page. Like addProduct:
 * trust nothing from the browser (Origin, an admin session: proxy.ts is the
 * first gate, this is the second), the store's own rules, and on success the
 * catalogue cache is expired, so every shop page, search, the sitemap and
 * open carts follow (every other instance through its store listener).
 */
async function thisCaller(): Promise<Caller> {
  const requestHeaders = await headers();
  return {
    origin: requestHeaders.get("origin"),
    host: requestHeaders.get("host"),
    forwardedHost: requestHeaders.get("x-forwarded-host"),
    user: await currentUser().catch((error: unknown) => {
      console.error("A product action could not check the session", error);
      return "unavailable" as const;
    }),
  };
}

export async function updateProductAction(_previous: EditProductResult | null, form: FormData): Promise<EditProductResult> {
  const result = await updateProductAs(await thisCaller(), form, getStore);
  if (result.ok) invalidateCatalog();
  return result;
}

export async function deleteProductAction(_previous: DeleteProductResult | null, form: FormData): Promise<DeleteProductResult> {
  const result = await deleteProductAs(await thisCaller(), form, getStore);
  if (!result.ok) return result;
  invalidateCatalog();
  redirect(`/admin-entry/products?deleted=${encodeURIComponent(result.name.slice(0, 120))}`);
}
