/**
 * Search on Firestore: each product document carries its keys
 * (search-keys.ts) in `searchKeys` and their version in `searchKeysVersion`,
 * written with the product's own fields in the same write. A candidate query
 * is one `array-contains-any` (at most 30 keys) ordered newest first, limited,
 * on the composite indexes in firestore.indexes.json; the shared
 * search-rank.ts orders what it finds. Only the product's own fields are
 * fetched, not its keys.
 */
import { FieldPath, type CollectionReference, type Query } from "firebase-admin/firestore";
import { runSearch, type CandidateQuery } from "../rules/search-rank";
import { productSearchFields, type ProductSearchFields } from "../rules/search-keys";
import type { Product, ProductType } from "../contract/catalog";
import { productFromDoc } from "./mapping";

/** The product document fields a search result is built from (the keys are left on the server). */
const RESULT_FIELDS = ["productName", "productImage", "productImages", "productPrize", "productDetails", "productType", "createdAt"];

/** The search fields to write with a product's fields (add, edit, import, backfill). */
export function searchFieldsToDoc(product: { name: string; details: string }): ProductSearchFields {
  return productSearchFields(product);
}

/** A candidate query (search-rank.ts) on Firestore: the newest products holding any of the keys. */
export function firestoreCandidates(products: CollectionReference): (request: CandidateQuery) => Promise<Product[]> {
  return async ({ keys, type, max }) => {
    let q: Query = products.where("searchKeys", "array-contains-any", keys);
    if (type !== null) q = q.where("productType", "==", type);
    const snap = await q
      .orderBy("createdAt", "desc")
      .orderBy(FieldPath.documentId(), "asc")
      .select(...RESULT_FIELDS)
      .limit(max)
      .get();
    return snap.docs.map(productFromDoc).filter((p): p is Product => p !== null);
  };
}

export function firestoreSearch(products: CollectionReference) {
  const candidates = firestoreCandidates(products);
  return (query: string, options: { type: ProductType | null; limit: number }): Promise<Product[]> => runSearch(query, options, candidates);
}
