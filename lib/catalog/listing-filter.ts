/**
 * A category page's filters, as the shopper types and addresses them: a
 * price range in dollars (`?min=5&max=20`, either end left empty) and "in
 * stock only" (`?stock=in`), beside its sort and page (listing-sort.ts,
 * listing-pages.ts), so a filtered view is a GET form's own address, works
 * without JavaScript and can be shared. Each filtered view is served by its
 * own path segment (listing-route.ts): `500-2000-in` (cents, an open end
 * empty, `in` or `all`), or the name of what could not be read
 * (`invalid-min`), which the page says in words and shows no products for.
 * A filtered view names the plain listing as its canonical address.
 * Pure: proxy.ts, the pages and the tests read it.
 */
import type { CatalogFilter } from "@/lib/data/contract/catalog-filters";
import { LIMITS } from "@/lib/data/contract/limits";
import { centsOfDollars } from "@/lib/data/contract/money";
import { isFiltered } from "@/lib/data/contract/catalog-filters";
import { centsAsTyped, formatCentsBrief } from "@/lib/money";

export { NO_FILTER, isFiltered, type CatalogFilter } from "@/lib/data/contract/catalog-filters";

/** The query parameters the filter form sends. */
export const FILTER_PARAMS = { min: "min", max: "max", stock: "stock" } as const;

/** The value of `stock` that asks for products in stock only. */
export const IN_STOCK_VALUE = "in";

/** The highest amount a price filter takes, in dollars: the highest price a product can have. */
export const FILTER_PRICE_MAX = LIMITS.priceMax;

/** What an address's filter can get wrong, each said in words (FILTER_ERRORS). */
export type FilterError = "invalid-min" | "invalid-max" | "invalid-range" | "invalid-stock";

export const FILTER_ERRORS: Readonly<Record<FilterError, string>> = {
  "invalid-min": `The lowest price must be an amount of dollars from 0 to ${LIMITS.priceMax.toLocaleString("en-US")}, such as 5 or 12.50.`,
  "invalid-max": `The highest price must be an amount of dollars from 0.01 to ${LIMITS.priceMax.toLocaleString("en-US")}, such as 20 or 49.99.`,
  "invalid-range": "The lowest price must not be above the highest.",
  "invalid-stock": 'Stock can only be "in" (in stock only), or left out.',
};

/** An amount of dollars as typed ("12.50", "5"), in cents; "" or absent is an open end (undefined); null when it reads as no amount. */
function centsOfParam(value: string | null, least: number): number | null | undefined {
  if (value === null || value.trim() === "") return undefined;
  const cents = centsOfDollars(value);
  return cents !== null && cents >= least && cents <= LIMITS.priceMax * 100 ? cents : null;
}

/** The filter an address asks for (NO_FILTER when none), or what it got wrong. */
export function parseListingFilter(query: URLSearchParams): CatalogFilter | FilterError {
  const min = centsOfParam(query.get(FILTER_PARAMS.min), 0);
  if (min === null) return "invalid-min";
  const max = centsOfParam(query.get(FILTER_PARAMS.max), 1);
  if (max === null) return "invalid-max";
  if (min !== undefined && max !== undefined && min > max) return "invalid-range";
  const stock = query.get(FILTER_PARAMS.stock);
  if (stock !== null && stock !== "" && stock !== IN_STOCK_VALUE) return "invalid-stock";
  return { minCents: min ?? null, maxCents: max ?? null, inStockOnly: stock === IN_STOCK_VALUE };
}

/** A filter's path segment (`500-2000-in`, `-2000-all`): what listing-route.ts rewrites a filtered view to. */
export function filterSegment(filter: CatalogFilter | FilterError): string {
  if (typeof filter === "string") return filter;
  return `${filter.minCents ?? ""}-${filter.maxCents ?? ""}-${filter.inStockOnly ? IN_STOCK_VALUE : "all"}`;
}

const SEGMENT = new RegExp(`^(0|[1-9]\\d{0,9})?-([1-9]\\d{0,9})?-(${IN_STOCK_VALUE}|all)$`);

/**
 * A path segment as filterSegment writes it, back as the filter (or the
 * error) it names; null for anything else, the unfiltered `--all` included
 * (that view's page is the one without a segment).
 */
export function parseFilterSegment(segment: string): CatalogFilter | FilterError | null {
  if (Object.hasOwn(FILTER_ERRORS, segment)) return segment as FilterError;
  const match = SEGMENT.exec(segment);
  if (!match) return null;
  const [, min, max, stock] = match;
  const filter = {
    minCents: min === undefined ? null : Number(min),
    maxCents: max === undefined ? null : Number(max),
    inStockOnly: stock === IN_STOCK_VALUE,
  };
  const inRange = (cents: number | null) => cents === null || cents <= LIMITS.priceMax * 100;
  if (!inRange(filter.minCents) || !inRange(filter.maxCents)) return null;
  if (filter.minCents !== null && filter.maxCents !== null && filter.minCents > filter.maxCents) return null;
  return isFiltered(filter) ? filter : null;
}

/** The query parameters of a filter, as the form would send them (none for NO_FILTER). */
export function filterParams(filter: CatalogFilter): Array<[string, string]> {
  return [
    ...(filter.minCents === null ? [] : [[FILTER_PARAMS.min, centsAsTyped(filter.minCents)] as [string, string]]),
    ...(filter.maxCents === null ? [] : [[FILTER_PARAMS.max, centsAsTyped(filter.maxCents)] as [string, string]]),
    ...(filter.inStockOnly ? [[FILTER_PARAMS.stock, IN_STOCK_VALUE] as [string, string]] : []),
  ];
}

/** What a filter shows, in words, for a title or a count: "$5 to $20, in stock". */
export function describeFilter(filter: CatalogFilter): string {
  const { minCents: min, maxCents: max } = filter;
  const price =
    min !== null && max !== null
      ? `${formatCentsBrief(min)} to ${formatCentsBrief(max)}`
      : min !== null
        ? `${formatCentsBrief(min)} and up`
        : max !== null
          ? `up to ${formatCentsBrief(max)}`
          : null;
  return [price, filter.inStockOnly ? "in stock" : null].filter((part) => part !== null).join(", ");
}
