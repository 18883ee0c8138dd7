/**
 * Sets one product's stock in the store the environment configures, as the
 * operator's edit does (StockStore.setStock, on the count read just before):
 * a number, or "untracked". Prints the count before and after as JSON. Run
 * by helpers/stock.ts (node --import tsx, with the suite's store variables).
 *
 *   stock-script.ts PRODUCT_ID COUNT|untracked
 */
import { getStore } from "@/lib/data";

async function main(productId: string, wanted: string): Promise<void> {
  const count = wanted === "untracked" ? null : Number(wanted);
  if (count !== null && !Number.isInteger(count)) throw new Error(`Not a count: ${wanted}`);
  const store = await getStore();
  try {
    const before = (await store.getStock([productId])).get(productId) ?? null;
    await store.setStock(productId, count, before);
    console.log(JSON.stringify({ before, after: count }));
  } finally {
    await store.close();
  }
}

const [productId, wanted] = process.argv.slice(2);
main(productId, wanted).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
