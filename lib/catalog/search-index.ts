/**
 * The whole catalogue with each product's search text normalised once, so a
 * search over it costs one `includes` per field instead of normalising every
 * product's name and details again per query (matchesQuery does, which took
 * 400 ms over 50,000 products). Same rule as `matchesQuery`, same order: the
 * store's searches and these agree (tests/catalog-search-index.test.ts).
 * Pure: read.ts keeps one per process and catalogue version.
 */
import { normalizeSearchText } from "@/lib/data/search";
import type { Product, ProductType } from "@/lib/data/types";

export interface SearchIndex {
  /** The catalogue, newest first. */
  readonly products: readonly Product[];
  /**
   * The products of `type` (null: any) whose name or details contain `query`
   * ("" after normalising: any), in catalogue order, at most `limit`.
   */
  select(filter: { query: string; type: ProductType | null; limit?: number }): Product[];
}

export function buildSearchIndex(products: readonly Product[]): SearchIndex {
  const names = products.map((product) => normalizeSearchText(product.name));
  const details = products.map((product) => normalizeSearchText(product.details));
  return {
    products,
    select({ query, type, limit = Infinity }) {
      const needle = normalizeSearchText(query);
      const found: Product[] = [];
      for (let i = 0; i < products.length && found.length < limit; i++) {
        if (type !== null && products[i].type !== type) continue;
        if (needle !== "" && !names[i].includes(needle) && !details[i].includes(needle)) continue;
        found.push(products[i]);
      }
      return found;
    },
  };
}
