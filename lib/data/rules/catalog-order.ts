import type { Product } from "../contract/catalog";

/** The catalogue's one order: newest first, ties broken by id ascending. */
export function byNewestThenId(a: Product, b: Product): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
