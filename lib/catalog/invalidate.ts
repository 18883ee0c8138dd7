/**
 * The one way a write tells the cached catalogue it changed. Every reader in
 * read.ts tags its cache with CATALOG_TAG; expiring that tag makes home,
 * category, details and search pages read the store again on their next
 * render (read-your-own-writes: the next request waits for fresh data). Open
 * pages learn of the change from the live feed (/api/events) and refresh.
 */
import "server-only";
import { updateTag } from "next/cache";
import { CATALOG_TAG } from "./read";

/** Expires the catalogue cache. Call from server actions only (updateTag's rule). */
export function invalidateCatalog(): void {
  updateTag(CATALOG_TAG);
}
