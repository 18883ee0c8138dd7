/**
 * The admin's product list: without a search, every product of a type (or
 * all) in pages of 50, newest first, by cursor (`?after=`), with the count
 * from the store's aggregation; with a search, the shop's store-side search,
 * at most ADMIN_SEARCH_LIMIT results on one page. Pure: the URL's parameters
 * in, links out; anything malformed in them reads as "no filter" or "the
 * first page", never an error.
 */
import type { StockCount } from "@/lib/data/contract/order-store";
import type { Product, ProductType } from "@/lib/data/contract/catalog";
import { LIMITS } from "@/lib/data/contract/limits";
import { pageCursorSchema } from "@/lib/data/contract/fields";
import { productTypeSchema } from "@/lib/data/contract/catalog";

export const ADMIN_PAGE_SIZE = 50;
/** Most results a search lists (the store's largest page). */
export const ADMIN_SEARCH_LIMIT = LIMITS.listLimitMax;

interface ProductListFilter {
  /** The search as typed (trimmed, at most LIMITS.queryMax characters); "" for none. */
  query: string;
  type: ProductType | null;
  /** The cursor of the page shown (Store.listProductsPage); null for the first. Never with a search. */
  after: string | null;
}

export interface ProductListPage extends ProductListFilter {
  products: Product[];
  /** Without a search: how many products the type (or the catalogue) holds. With one: how many it listed. */
  total: number;
  /** The next page's cursor; null on the last page and for a search. */
  next: string | null;
  /** A search that listed ADMIN_SEARCH_LIMIT results, so more may match. */
  capped: boolean;
  /** The stock of each product listed, by id (null: not tracked). */
  stock: Record<string, StockCount>;
}

/** One value of a URL parameter (the first when repeated). */
function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The filter the URL asks for (`?q=&type=&after=`), with anything malformed left out. */
export function parseProductListFilter(params: Record<string, string | string[] | undefined>): ProductListFilter {
  const query = single(params.q).trim().slice(0, LIMITS.queryMax);
  const type = productTypeSchema.safeParse(single(params.type)).data ?? null;
  const after = query ? null : (pageCursorSchema.safeParse(single(params.after)).data ?? null);
  return { query, type, after };
}

/** The list's URL for a filter (only the parameters that are set), for links and the pager. */
export function productListHref(filter: ProductListFilter): string {
  const params = new URLSearchParams();
  if (filter.query) params.set("q", filter.query);
  if (filter.type) params.set("type", filter.type);
  if (filter.after && !filter.query) params.set("after", filter.after);
  const search = params.toString();
  return `/admin-entry/products${search ? `?${search}` : ""}`;
}

/** What the count line says. */
export function productCountText(list: Pick<ProductListPage, "total" | "capped">): string {
  if (list.capped) return `The first ${list.total} matching products`;
  return list.total === 1 ? "1 product" : `${list.total.toLocaleString("en-US")} products`;
}
