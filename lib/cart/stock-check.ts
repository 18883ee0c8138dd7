/**
 * The cart's stock rule on the server (DECISIONS "Orders"): a line may not
 * grow past the product's stock. Add to Cart at 0 is refused, and so is an
 * add, a restore or a set that would hold more units than are in stock; a
 * product whose stock is not tracked (null) is never refused. Lowering a
 * line is always allowed, even while it is still above the stock (it was
 * added before a sale took the rest). Checkout checks again in the store's
 * own transaction, so this is what the shopper is told, never the guard
 * against overselling.
 */
import "server-only";
import type { StockCount } from "@/lib/data/contract/order-store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { cartFailure, type CartFailure } from "./results";

/** The refusal of a line of `quantity` units when `count` are in stock, or null when the stock allows it. */
export function stockRefusal(count: StockCount, quantity: number): CartFailure | null {
  if (count === null || quantity <= count) return null;
  const failure = cartFailure("out_of_stock");
  if (count <= 0) return { ...failure, error: "This product is out of stock, so it was not added to your cart." };
  const units = count === 1 ? "1 is" : `${count} are`;
  return { ...failure, error: `Only ${units} in stock, so your cart can hold at most ${count} of this product.` };
}

/**
 * Whether `owner`'s line of `productId` may become `quantity` units (null:
 * `quantity` more units than it holds now, an add). One stock read; the
 * cart's line is read only when the stock is tracked and not 0.
 */
export async function refusalOfStock(
  store: Store,
  owner: CartOwner,
  productId: string,
  quantity: { add: number } | { set: number },
): Promise<CartFailure | null> {
  const count = (await store.getStock([productId])).get(productId) ?? null;
  if (count === null) return null;
  if (count <= 0 && "add" in quantity) return stockRefusal(count, quantity.add);
  const held = (await store.listCart(owner)).find((line) => line.productId === productId)?.quantity ?? 0;
  if ("add" in quantity) return stockRefusal(count, held + quantity.add);
  // A set that lowers the line is allowed whatever the stock.
  return quantity.set <= held ? null : stockRefusal(count, quantity.set);
}
