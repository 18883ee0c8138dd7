"use server";

import { headers } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import { invalidateCatalog } from "@/lib/catalog/invalidate";
import { getStore } from "@/lib/data";
import { addProductAs } from "@/lib/admin/add-product";
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
  const requestHeaders = await headers();
  const caller = {
    origin: requestHeaders.get("origin"),
    host: requestHeaders.get("host"),
    forwardedHost: requestHeaders.get("x-forwarded-host"),
    user: await currentUser().catch((error: unknown) => {
      // Refused either way; "unavailable" tells the admin to retry rather than sign in again.
      console.error("The add-product action could not check the session", error);
      return "unavailable" as const;
    }),
  };
  const result = await addProductAs(caller, form, getStore);
  if (result.ok) invalidateCatalog();
  return result;
}
