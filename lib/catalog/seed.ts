/**
 * Writes products into the store in batches, reporting progress after each,
 * so large imports show movement and a failure names how far it got. The
 * batches are written quietly and the catalogue records one change at the
 * end, also when a batch fails part-way (what was written is announced):
 * however many batches, every instance expires its cache and every open tab
 * refreshes once.
 */
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";

const SEED_BATCH_SIZE = 25;

export async function writeInBatches(
  store: Pick<Store, "upsertProducts" | "markCatalogChanged">,
  products: Product[],
  onProgress: (written: number, total: number) => void = () => {},
): Promise<number> {
  let written = 0;
  onProgress(0, products.length);
  try {
    for (let start = 0; start < products.length; start += SEED_BATCH_SIZE) {
      const batch = products.slice(start, start + SEED_BATCH_SIZE);
      await store.upsertProducts(batch, { announce: false });
      written += batch.length;
      onProgress(written, products.length);
    }
  } finally {
    if (written > 0) await store.markCatalogChanged();
  }
  return written;
}
