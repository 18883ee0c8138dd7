import "server-only";
import type { Order } from "@/lib/data/contract/orders";
import { countryName } from "@/lib/orders/countries";
import {
  eventLabel,
  fulfilmentLabel,
  orderTime,
  paymentLabel,
  returnLabel,
  RETURN_REASON_MAX,
  returnDeadline,
} from "@/lib/orders/order-labels";
import { orderPathWithoutJavascript } from "@/lib/orders/paths";
import { noScriptPage } from "./document";
import { html, type Html } from "./html";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

interface OrderPageInput {
  order: Order;
  /** The guest link's token, carried by the return form; null for the signed-in owner. */
  token: string | null;
  /** Whether a return may be requested now. */
  returnOpen: boolean;
  /** What the last return post said. */
  returnNews: { error: string | null; done: boolean; reason: string } | null;
  status?: number;
}

/**
 * An order as a page that works without JavaScript: the same facts and
 * words as components/orders/order-view.tsx, the return request a form
 * posting back to this page's address.
 */
export function orderPageWithoutJavascript(input: OrderPageInput): Response {
  const { order } = input;
  const { contact, address } = order;
  const erased = order.erasedAt !== null;
  const main = html`<article class="order">
<h1>Order <span data-testid="order-reference">${order.reference}</span></h1>
<p class="gone">Placed ${orderTime(order.placedAt)}</p>
${order.fulfilment === "placed" ? html`<p class="notice" role="status">Thank you for your order. We have emailed a confirmation to ${contact.email || "you"}; pay when it is delivered.</p>` : null}
<dl class="states"><div><dt>Delivery</dt><dd>${fulfilmentLabel(order.fulfilment)}${order.trackingNumber ? ` (tracking number ${order.trackingNumber})` : ""}</dd></div>
<div><dt>Payment</dt><dd>${paymentLabel(order.payment)}</dd></div>
${order.returnState ? html`<div><dt>Return</dt><dd>${returnLabel(order.returnState)}</dd></div>` : null}</dl>
<h2>Items</h2>
<ul class="lines">${order.lines.map((line) => html`<li class="line plain" data-testid="order-line"><div><span class="name">${line.name}</span> × ${line.quantity} <span class="price">${usd.format((Math.round(line.unitPrice * 100) * line.quantity) / 100)}</span></div></li>`)}</ul>
<p class="subtotal">Total: <span class="price">${usd.format(order.total)}</span> USD (shipping ${order.shipping === 0 ? "free" : usd.format(order.shipping)})</p>
<h2>Contact</h2>
${erased ? html`<p>Erased on request.</p>` : html`<p>${contact.name}<br>${contact.email}${contact.phone ? html`<br>${contact.phone}` : null}</p>`}
<h2>Shipping address</h2>
${erased ? html`<p>Erased on request.</p>` : html`<address>${address.line1}<br>${address.line2 ? html`${address.line2}<br>` : null}${[address.postalCode, address.city].filter(Boolean).join(" ")}${address.region ? `, ${address.region}` : ""}<br>${countryName(address.country)}</address>`}
${order.returnReason ? html`<p>Your reason for the return: “${order.returnReason}”</p>` : null}
${returnPart(input)}
<h2>History</h2>
<ol>${order.history.map((event) => html`<li>${orderTime(event.at)}: ${eventLabel(event)}${event.step === "ship" && event.note ? ` (tracking number ${event.note})` : ""}</li>`)}</ol>
</article>`;
  return noScriptPage({ title: "Your order", main, status: input.status });
}

function returnPart({ order, token, returnOpen, returnNews }: OrderPageInput): Html | null {
  if (returnNews?.done)
    return html`<p class="notice" role="status">Your return request was sent. We will email you when we have decided.</p>`;
  if (!returnOpen) return returnNews?.error ? html`<p class="problem" role="alert">${returnNews.error}</p>` : null;
  const error = returnNews?.error ?? null;
  return html`<p class="gone">A return can be requested until ${order.deliveredAt === null ? "" : returnDeadline(order.deliveredAt)}.</p>
<form method="post" action="${orderPathWithoutJavascript(order.id, token)}" class="summary">
<h2>Request a return</h2>
<input type="hidden" name="orderId" value="${order.id}"><input type="hidden" name="revision" value="${order.revision}">${token ? html`<input type="hidden" name="token" value="${token}">` : null}
<div class="field"><label for="return-reason">Why are you returning it?</label>
<textarea id="return-reason" name="reason" rows="3" required maxlength="${RETURN_REASON_MAX}"${error ? html` aria-invalid="true" aria-describedby="return-error"` : null}>${returnNews?.reason ?? ""}</textarea>
${error ? html`<p id="return-error" class="error">${error}</p>` : null}</div>
<p><button type="submit" class="action">Request a return</button></p>
</form>`;
}

/** The site's not-found page, made without React: an order nobody may see here looks like one that does not exist. */
export function notFoundWithoutJavascript(): Response {
  return noScriptPage({
    title: "Page not found",
    main: html`<h1>Page not found</h1><p>no posts. <a href="/">Back to the shop</a></p>`,
    status: 404,
  });
}
