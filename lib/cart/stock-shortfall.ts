/**
 * A cart line that holds more units than are in stock (a sale elsewhere, the
 * operator's count) cannot be ordered: the cart, the checkout and their pages
 * without JavaScript say so on the line, at once, and keep their Checkout and
 * Place order disabled with the reason, rather than refusing on submit. The
 * counts are the store's at the page's render (lib/cart/line-stock.ts,
 * lib/orders/checkout-lines.ts); the store's placement checks again.
 * Pure and shared: server pages and client components use the same words.
 */

/** What a line says when fewer than `quantity` are in stock; null when there are enough or the stock is not tracked. */
export function stockShortfall(quantity: number, stock: number | null): string | null {
  if (stock === null || quantity <= stock) return null;
  if (stock <= 0) return "Out of stock: delete it from your cart to order the rest.";
  return `Only ${stock} left: lower the quantity to ${stock} to order it.`;
}

/** Why the cart's Checkout and the checkout's Place order are disabled while a line has too few in stock. */
export const SHORT_OF_STOCK_BLOCKS =
  "Too few of a product in your cart are in stock: lower its quantity or delete it from your cart to check out.";
