/**
 * Where a cart's lines find their product now: each line's product from its
 * own cached entry (lib/catalog/read.ts), so a cart read costs no store read
 * once those are cached and never decodes the whole catalogue, and a line
 * follows an edit or delete as soon as the catalogue cache is expired (every
 * process, lib/catalog/changes.ts).
 */
import "server-only";
import { getProductById } from "@/lib/catalog/read";
import type { Product, ProductId } from "@/lib/data/contract/catalog";
import { lookupIn, type ProductLookup } from "./cart-entry";

/**
 * The lookup over the current products with these ids (a deleted one is
 * simply not found). The ids are cart lines' own, which the store only ever
 * holds checked: product ids by the contract, not input to parse again.
 */
export async function currentProducts(ids: readonly string[]): Promise<ProductLookup> {
  const found = await Promise.all([...new Set(ids)].map((id) => getProductById(id as ProductId)));
  return lookupIn(found.filter((product): product is Product => product !== null));
}
