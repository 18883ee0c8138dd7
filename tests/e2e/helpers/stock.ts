/**
 * A product's stock and an email's orders in the suite's own store, read and
 * written as another process would (helpers/suite-store.ts): what a sale
 * made elsewhere looks like to the shop, and what the store holds after one.
 */
import { askSuiteStore } from "./suite-store";

/** A product's stock: null when not tracked (lib/data/contract/order-store.ts). */
type StockCount = number | null;

/** The product's stock in the suite's store (null: not tracked). */
export async function stockInSuiteStore(productId: string): Promise<StockCount> {
  return (await askSuiteStore({ command: "getStock", productId })) as StockCount;
}

/**
 * Sets the product's stock in the suite's store if it is still `expected`
 * (StockStore.setStock); without `expected`, on the count read just before,
 * as the operator's form opened then saved.
 */
export async function setStockInSuiteStore(productId: string, count: StockCount, expected?: StockCount): Promise<void> {
  const before = expected === undefined ? await stockInSuiteStore(productId) : expected;
  await askSuiteStore({ command: "setStock", productId, count, expected: before });
}

/** The orders placed with this email (the desk's search), each with its lines' product ids. */
export async function ordersOfEmail(email: string): Promise<Array<{ id: string; productIds: string[] }>> {
  return (await askSuiteStore({ command: "ordersOfEmail", email })) as Array<{ id: string; productIds: string[] }>;
}
