/**
 * What the admin pages read, each only with proof of an admin caller
 * (admin-proof.ts), checked before anything is read: the product list (from
 * the process's indexed catalogue, no store read) and one product's record
 * (its stored revision and its changes, which name the admins who made them).
 */
import "server-only";
import { getSearchIndex } from "@/lib/catalog/read";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/errors";
import type { ProductChange, ProductRevision } from "@/lib/data/types";
import { assertAdminProof, type AdminProof } from "./admin-proof";
import { parseProductListFilter, productListPage, type ProductListPage } from "./product-list";

/** How many of a product's changes its page shows, newest first. */
const CHANGES_SHOWN = 100;

/** The page of the product list the URL's parameters (`?q=&type=&page=`) ask for. */
export async function readProductList(admin: AdminProof, params: Record<string, string | string[] | undefined>): Promise<ProductListPage> {
  assertAdminProof(admin);
  return productListPage(await getSearchIndex(), parseProductListFilter(params));
}

export interface ProductRecord {
  /** The product as stored now, with the revision its form must carry; null when none has the id. */
  current: ProductRevision | null;
  changes: ProductChange[];
}

/** A product as stored now (not the cached catalogue) and its recorded changes. */
export async function readProductRecord(admin: AdminProof, id: string): Promise<ProductRecord> {
  assertAdminProof(admin);
  try {
    const store = await getStore();
    const [current, changes] = await Promise.all([store.getProductRevision(id), store.listProductChanges(id, CHANGES_SHOWN)]);
    return { current, changes };
  } catch (error) {
    // A malformed id names no product; anything else is a real failure.
    if (!isStoreError(error, "invalid_input")) throw error;
    return { current: null, changes: [] };
  }
}
