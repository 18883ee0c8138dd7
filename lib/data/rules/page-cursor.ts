/**
 * Page cursors (CatalogPages): an adapter's position in one of the
 * catalogue's orders, handed out as an opaque base64url string and read back only by the
 * adapter that made it. Anything that does not decode to the adapter's shape
 * is invalid_input, never a store error.
 */
import type { CatalogSort } from "../contract/catalog-sorts";
import { StoreError } from "../contract/errors";

export function encodePageCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position), "utf8").toString("base64url");
}

/** The cursor's parts, checked by `isShape`; invalid_input otherwise. */
export function decodePageCursor<T extends unknown[]>(cursor: string, isShape: (parts: unknown[]) => parts is T): T {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parts = null;
  }
  if (!Array.isArray(parts) || !isShape(parts)) throw new StoreError("invalid_input", "cursor: not a cursor this store made");
  return parts;
}

/** The position most lists page by: the last item's time (ms since the epoch) and its id. */
export type TimeIdPosition = [at: number, id: string];

export const isTimeIdPosition = (parts: unknown[]): parts is TimeIdPosition =>
  parts.length === 2 && Number.isSafeInteger(parts[0]) && typeof parts[1] === "string";

/** A type's orders other than newest: each by one key of the product, then its id ascending. */
export type KeyedSort = Exclude<CatalogSort, "newest">;
export const SORT_KEYS: Record<KeyedSort, { key: "price" | "name"; direction: "asc" | "desc" }> = {
  "price-asc": { key: "price", direction: "asc" },
  "price-desc": { key: "price", direction: "desc" },
  "name-asc": { key: "name", direction: "asc" },
};

/** A keyed page's position: its sort (a cursor of one order is refused by another), the last product's key and id. */
export type KeyedPosition = [sort: KeyedSort, key: number | string, id: string];

export const isKeyedPosition =
  (sort: KeyedSort) =>
  (parts: unknown[]): parts is KeyedPosition =>
    parts.length === 3 &&
    parts[0] === sort &&
    (SORT_KEYS[sort].key === "price" ? Number.isSafeInteger(parts[1]) : typeof parts[1] === "string") &&
    typeof parts[2] === "string" &&
    parts[2].length > 0;
