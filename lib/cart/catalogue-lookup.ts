/**
 * Where a cart's lines find their product now: the cached catalogue, so a
 * cart read costs no catalogue read from the store, and a line follows an
 * edit or delete as soon as the catalogue cache is expired (every process,
 * lib/catalog/changes.ts).
 */
import "server-only";
import { getCatalog } from "@/lib/catalog/read";
import { lookupIn, type ProductLookup } from "./results";

/** The lookup over the current cached catalogue. */
export async function currentProducts(): Promise<ProductLookup> {
  return lookupIn(await getCatalog());
}
