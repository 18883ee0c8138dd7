/**
 * Writes products into the store in batches, reporting progress after each,
 * so large imports show movement and a failure names how far it got.
 */
import type { Product, Store } from "@/lib/data/types";

export const SEED_BATCH_SIZE = 25;

export async function writeInBatches(
  store: Store,
  products: Product[],
  onProgress: (written: number, total: number) => void = () => {},
): Promise<number> {
  let written = 0;
  onProgress(0, products.length);
  for (let start = 0; start < products.length; start += SEED_BATCH_SIZE) {
    const batch = products.slice(start, start + SEED_BATCH_SIZE);
    await store.upsertProducts(batch);
    written += batch.length;
    onProgress(written, products.length);
  }
  return written;
}
