/**
 * Runs `work` over `items` with at most `concurrency` in flight, in order of
 * start. Fuzzers send thousands of requests: one at a time is too slow, all
 * at once would measure the machine instead of the shop.
 */
export async function runPool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
