/**
 * The admin's product list: every product, filtered by a search (name and
 * details, as the shop's search matches) and a type, in pages of 50, newest
 * first. Pure: the page hands it the indexed catalogue and the URL's parameters, and
 * anything malformed in those reads as "no filter" or "page 1", never an error.
 */
import type { SearchIndex } from "@/lib/catalog/search-index";
import type { Product, ProductType } from "@/lib/data/types";
import { LIMITS, productTypeSchema } from "@/lib/data/validation";

export const ADMIN_PAGE_SIZE = 50;

export interface ProductListFilter {
  /** The search as typed (trimmed, at most LIMITS.queryMax characters); "" for none. */
  query: string;
  type: ProductType | null;
  /** 1-based. */
  page: number;
}

export interface ProductListPage extends ProductListFilter {
  products: Product[];
  /** How many products match the filter, on every page. */
  total: number;
  pages: number;
}

/** One value of a URL parameter (the first when repeated). */
function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The filter the URL asks for (`?q=&type=&page=`), with anything malformed left out. */
export function parseProductListFilter(params: Record<string, string | string[] | undefined>): ProductListFilter {
  const query = single(params.q).trim().slice(0, LIMITS.queryMax);
  const type = productTypeSchema.safeParse(single(params.type)).data ?? null;
  const pageText = single(params.page);
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  return { query, type, page };
}

/** The page the filter asks for, from the indexed catalogue; a page past the end shows the last one. */
export function productListPage(catalog: Pick<SearchIndex, "select">, filter: ProductListFilter, pageSize = ADMIN_PAGE_SIZE): ProductListPage {
  const matching = catalog.select({ query: filter.query, type: filter.type });
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(filter.page, pages);
  return { ...filter, page, pages, total: matching.length, products: matching.slice((page - 1) * pageSize, page * pageSize) };
}

/** The list's URL for a filter (only the parameters that are set), for links and the pager. */
export function productListHref(filter: ProductListFilter): string {
  const params = new URLSearchParams();
  if (filter.query) params.set("q", filter.query);
  if (filter.type) params.set("type", filter.type);
  if (filter.page > 1) params.set("page", String(filter.page));
  const search = params.toString();
  return `/admin-entry/products${search ? `?${search}` : ""}`;
}
