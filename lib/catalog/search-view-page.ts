/**
 * One page of a search's view, cut from the query's ranked list
 * (read-search.ts): the products a filter lets through, in the view's order,
 * SEARCH_PAGE_SIZE from the page's start. Relevance is the list's own order;
 * every other sort the catalogue's (lib/data/rules/catalog-order.ts). A
 * product counts as in stock as its card says (isShownInStock).
 * Pure: read-search.ts and the tests share it.
 */
import type { Product } from "@/lib/data/contract/catalog";
import type { CatalogFilter } from "@/lib/data/contract/catalog-filters";
import { CATALOG_ORDER } from "@/lib/data/rules/catalog-order";
import { isShownInStock } from "@/lib/data/rules/stock-shown";
import type { StockShownById } from "./read";
import { SEARCH_PAGE_SIZE, type SearchSort } from "./search-view";

export interface SearchViewPage {
  products: Product[];
  stock: StockShownById;
  /** How many products the view holds (every page of it). */
  total: number;
}

export function searchViewPage(
  results: readonly Product[],
  stock: StockShownById,
  sort: SearchSort,
  page: number,
  { minCents, maxCents, inStockOnly }: CatalogFilter,
): SearchViewPage {
  const shown = results.filter(
    (p) =>
      (minCents === null || p.priceCents >= minCents) &&
      (maxCents === null || p.priceCents <= maxCents) &&
      (!inStockOnly || isShownInStock(stock[p.id])),
  );
  if (sort !== "relevance") shown.sort(CATALOG_ORDER[sort]);
  const start = (page - 1) * SEARCH_PAGE_SIZE;
  const products = shown.slice(start, start + SEARCH_PAGE_SIZE);
  const pageStock: StockShownById = {};
  for (const { id } of products) if (stock[id] !== undefined) pageStock[id] = stock[id];
  return { products, stock: pageStock, total: shown.length };
}
