/**
 * The products an open live stream's cart lines show, read from the store
 * directly, never through the 'use cache' readers: a stream's work runs in
 * timers and store callbacks, outside any request, where Next's cache cannot
 * be used. Each stream remembers what it read, and a catalogue change makes
 * it forget only the products the change touched (their `product:<id>` tags;
 * everything for a change of anything), so a change costs a stream at most
 * one read per touched line.
 */
import "server-only";
import { CATALOG_TAG, productTag } from "@/lib/catalog/tags";
import type { Product } from "@/lib/data/contract/catalog";
import { lookupIn, type ProductLookup } from "./cart-entry";

export interface StreamProducts {
  /** The lookup over these ids' products as the store has them (a deleted one is not found). */
  lookup(ids: readonly string[]): Promise<ProductLookup>;
  /** Forgets what a change with these tags touched. */
  forget(tags: readonly string[]): void;
}

export function streamProducts(read: (id: string) => Promise<Product | null>): StreamProducts {
  const known = new Map<string, Product | null>();
  return {
    async lookup(ids) {
      const missing = [...new Set(ids)].filter((id) => !known.has(id));
      const found = await Promise.all(missing.map(read));
      missing.forEach((id, i) => known.set(id, found[i]));
      return lookupIn(ids.map((id) => known.get(id)).filter((product): product is Product => product != null));
    },
    forget(tags) {
      if (tags.includes(CATALOG_TAG)) return known.clear();
      for (const id of [...known.keys()]) if (tags.includes(productTag(id))) known.delete(id);
    },
  };
}
