import "server-only";
import { formatCents } from "@/lib/money";
import type { CartEntry } from "@/lib/cart/cart-entry";
import { entryCents, MAX_LINE_QUANTITY, priceChanged, totalCents, totalQuantity } from "@/lib/cart/cart-lines";
import type { CartFormOutcome } from "@/lib/cart/form-post";
import { CART_MESSAGES } from "@/lib/cart/results";
import { SHORT_OF_STOCK_BLOCKS, stockShortfall } from "@/lib/cart/stock-shortfall";
import { CART_WITHOUT_JAVASCRIPT_PATH } from "@/lib/cart/without-javascript";
import { CHECKOUT_WITHOUT_JAVASCRIPT_PATH } from "@/lib/orders/paths";
import { productPath } from "@/lib/site-links";
import { noScriptPage } from "./document";
import { html, type Html } from "./html";

/** What the page says about the form just posted: the product's name when it is known. */
export interface CartFormReport {
  outcome: CartFormOutcome;
  productName: string | null;
}

/**
 * The cart as a page that works without JavaScript: the same lines, prices,
 * totals and words as the cart page, each quantity and Delete a form posting
 * back here. `items` null means the cart could not be read (the store did
 * not answer): the page says so, with a 503. `stock` holds the lines'
 * tracked stock (lib/cart/line-stock.ts): a line holding more says so, and
 * Checkout is disabled with the reason. `leftOut` is the notice of guest
 * lines a merge had no room for (lib/cart/left-out-notice.ts), said once.
 */
export function cartPageWithoutJavascript(
  items: CartEntry[] | null,
  report: CartFormReport | null,
  {
    stock = {},
    leftOut = null,
    shippingNote = null,
  }: { stock?: Record<string, number>; leftOut?: string | null; shippingNote?: string | null } = {},
): Response {
  const main = html`<h1>Shopping Cart</h1>
${report ? reportLine(report) : null}
${leftOut ? html`<p class="problem" role="alert" data-testid="left-out">${leftOut}</p>` : null}
${items === null ? html`<p class="problem" role="alert">${CART_MESSAGES.unavailable}</p>` : cartBody(items, stock)}
${items && items.length > 0 && shippingNote ? html`<p class="note" data-testid="shipping-estimate">${shippingNote}</p>` : null}`;
  return noScriptPage({
    title: "Cart",
    main,
    cartCount: items ? totalQuantity(items) : undefined,
    status: items === null ? 503 : 200,
  });
}

function reportLine({ outcome, productName }: CartFormReport): Html {
  const name = productName ? `“${productName}”` : "the product";
  switch (outcome) {
    case "added":
      return html`<p class="notice" role="status">added item to cart: ${name}</p>`;
    case "increased":
      return html`<p class="notice" role="status">increased product quantity: ${name}</p>`;
    case "updated":
      return html`<p class="notice" role="status">Updated the quantity of ${name}.</p>`;
    case "removed":
      return html`<p class="notice" role="status">Removed ${name} from your cart.</p>`;
    default:
      return html`<p class="problem" role="alert">${CART_MESSAGES[outcome]}</p>`;
  }
}

/** A line's words when it holds more than is in stock; null otherwise. */
const shortfallOf = (item: CartEntry, stock: Record<string, number>) =>
  item.available ? stockShortfall(item.cartQuantity, stock[item.id] ?? null) : null;

function cartBody(items: CartEntry[], stock: Record<string, number>): Html {
  if (items.length === 0)
    return html`<p>no items in cart</p>${checkoutButton("Your cart is empty: add a product to check out.")}<p><a href="/">Continue shopping</a></p>`;
  const count = totalQuantity(items);
  const gone = items.filter((item) => !item.available).length;
  const short = items.some((item) => shortfallOf(item, stock) !== null);
  return html`<ul class="lines" aria-label="Cart items">${items.map((item) => line(item, shortfallOf(item, stock)))}</ul>
<p class="subtotal">Subtotal (${count} ${count === 1 ? "item" : "items"}): <span class="price">${formatCents(totalCents(items))}</span> USD</p>
${gone > 0 ? html`<p class="gone">${gone === 1 ? "One product in your cart is" : `${gone} products in your cart are`} no longer available and not counted.</p>` : null}
${checkoutButton(gone > 0 ? "Delete the products no longer available to check out." : short ? SHORT_OF_STOCK_BLOCKS : null)}`;
}

/** "Checkout": a link to the checkout made without React, or a disabled button saying why not. */
function checkoutButton(blocked: string | null): Html {
  if (blocked === null) return html`<p><a class="button primary" href="${CHECKOUT_WITHOUT_JAVASCRIPT_PATH}">Checkout</a></p>`;
  return html`<p><button type="button" class="action" disabled aria-describedby="checkout-blocked">Checkout</button> <span id="checkout-blocked" class="gone">${blocked}</span></p>`;
}

function line(item: CartEntry, shortfall: string | null): Html {
  const name = item.available
    ? html`<a class="name" href="${productPath(item.id)}">${item.name}</a>`
    : html`<span class="name">${item.name}</span>`;
  const inputId = `quantity-${item.id}`;
  return html`<li class="line" data-testid="cart-line">
<img src="${item.image}" alt="" width="72" height="72" loading="lazy">
<div>
${name}
${
  item.available
    ? html`<dl class="facts"><div><dt>Unit price</dt><dd class="price">${formatCents(item.priceCents)}</dd></div><div><dt>Total</dt><dd class="price">${formatCents(entryCents(item))}</dd></div></dl>`
    : html`<p class="gone">no longer available</p>`
}
${shortfall ? html`<p class="gone" data-testid="stock-shortfall">${shortfall}</p>` : null}
${priceChanged(item) ? html`<p class="gone">The price changed from ${formatCents(item.addedPriceCents)} to ${formatCents(item.priceCents)} since you added it.</p>` : null}
</div>
<div class="controls">
${
  item.available
    ? html`<form method="post" action="${CART_WITHOUT_JAVASCRIPT_PATH}">
<input type="hidden" name="intent" value="set"><input type="hidden" name="productId" value="${item.id}">
<label for="${inputId}">Quantity<input id="${inputId}" name="quantity" type="number" inputmode="numeric" min="1" max="${MAX_LINE_QUANTITY}" step="1" required value="${item.cartQuantity}"></label>
<button type="submit" class="action">Update<span class="hidden"> the quantity of ${item.name}</span></button>
</form>`
    : null
}
<form method="post" action="${CART_WITHOUT_JAVASCRIPT_PATH}">
<input type="hidden" name="intent" value="remove"><input type="hidden" name="productId" value="${item.id}">
<button type="submit" class="action" aria-label="Delete ${item.name}">Delete</button>
</form>
</div>
</li>`;
}
