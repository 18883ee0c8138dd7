/**
 * What each catalogue write changed, as both adapters record it: in the same
 * commit as the write, with the version that write raised the catalogue to.
 * The newest RECENT_CATALOG_CHANGES are kept (Firestore: in meta/catalog,
 * the one document every instance listens to; SQLite: catalog_changes), so a
 * listener, or a tab that was away, learns what changed since the version it
 * last saw, or that more changed than is kept (then: anything may have).
 * The cache's tags are derived from these facts above the store
 * (lib/catalog/tags.ts); the store knows nothing of caches.
 */
import { PRODUCT_TYPES, type CatalogChange, type CatalogChanges, type ProductType } from "../contract/catalog";

/** How many of the newest changes each store keeps. */
export const RECENT_CATALOG_CHANGES = 50;

/** What a change is, before the store gives it its version. */
export type CatalogChangeFacts = Omit<CatalogChange, "version">;

/** The facts of a change that may have touched anything: an import's end, an edit made outside the shop. */
export function everythingChanged(): CatalogChangeFacts {
  return { products: null, types: [...PRODUCT_TYPES], listed: true };
}

/** The changes after `since`, from the kept ones (oldest first) and the version now. */
export function changesSince(kept: readonly CatalogChange[], since: number, version: number): CatalogChanges {
  if (version === since) return { version, changes: [] };
  // A version that went back is another database (emptied, replaced): anything changed.
  if (version < since) return { version, changes: null };
  const after = kept.filter((change) => change.version > since);
  // Complete only when the kept changes reach back to the first one after `since`.
  const complete = after.length > 0 && after[0].version === since + 1 && after.at(-1)!.version === version;
  return { version, changes: complete ? after : null };
}

/** The kept changes with `change` appended, at most RECENT_CATALOG_CHANGES. */
export function keepRecent(kept: readonly CatalogChange[], change: CatalogChange): CatalogChange[] {
  return [...kept, change].slice(-RECENT_CATALOG_CHANGES);
}

/** A kept change read back from storage; null when it is not one (a hand-edited document). */
export function parseCatalogChange(value: unknown): CatalogChange | null {
  if (typeof value !== "object" || value === null) return null;
  const { version, products, types, listed } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(version)) return null;
  if (products !== null && !(Array.isArray(products) && products.every((id) => typeof id === "string"))) return null;
  if (!Array.isArray(types) || !types.every((type) => (PRODUCT_TYPES as readonly unknown[]).includes(type))) return null;
  if (typeof listed !== "boolean") return null;
  return { version: version as number, products: products as string[] | null, types: types as ProductType[], listed };
}

/** The facts of a product's edit: its id, and its type, or both types when it moved between them. */
export function editChange(id: string, before: ProductType, after: ProductType): CatalogChangeFacts {
  return { products: [id], types: before === after ? [before] : [before, after], listed: false };
}

/**
 * Whether a change is an edit that left its product in its type: then its
 * type's lists hold the same products, in the same newest-first order
 * (createdAt never changes), and only its orders by price or name may have
 * moved it. (Changes kept before this rule recorded such an edit with no type.)
 */
export function isEditInPlace(change: CatalogChangeFacts): boolean {
  return change.products !== null && !change.listed && change.types.length === 1;
}

/** The facts of a product added or deleted. */
export function listingChange(id: string, type: ProductType): CatalogChangeFacts {
  return { products: [id], types: [type], listed: true };
}
