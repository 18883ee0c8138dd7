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
import { runSearch } from "../search-rank";
import { productSearchFields, type ProductSearchFields } from "../search-keys";
import type { Product, ProductType } from "../types";
import { productFromDoc } from "./mapping";

/** The product document fields a search result is built from (the keys are left on the server). */
const RESULT_FIELDS = ["productName", "productImage", "productPrize", "productDetails", "productType", "createdAt"];

/** The search fields to write with a product's fields (add, edit, import, backfill). */
export function searchFieldsToDoc(product: { name: string; details: string }): ProductSearchFields {
  return productSearchFields(product);
}

export function firestoreSearch(products: CollectionReference) {
  return (query: string, options: { type: ProductType | null; limit: number }): Promise<Product[]> =>
    runSearch(query, options, async ({ keys, type, max }) => {
      let q: Query = products.where("searchKeys", "array-contains-any", keys);
      if (type !== null) q = q.where("productType", "==", type);
      const snap = await q
        .orderBy("createdAt", "desc")
        .orderBy(FieldPath.documentId(), "asc")
        .select(...RESULT_FIELDS)
        .limit(max)
        .get();
      return snap.docs.map(productFromDoc).filter((p): p is Product => p !== null);
    });
}
