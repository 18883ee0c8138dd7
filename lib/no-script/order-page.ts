import "server-only";
import type { Order } from "@/lib/data/contract/orders";
import { eventLabel, orderTime, RETURN_REASON_MAX, returnDeadline } from "@/lib/orders/order-labels";
import { orderSummary } from "@/lib/orders/order-summary";
import { cardPayOffer } from "@/lib/orders/card-pay-offer";
import { orderPathWithoutJavascript } from "@/lib/orders/paths";
import { noScriptPage } from "./document";
import { html, type Html } from "./html";

interface OrderPageInput {
  order: Order;
  /** The guest link's token, carried by the return form; null for the signed-in owner. */
  token: string | null;
  /** Whether a return may be requested now. */
  returnOpen: boolean;
  /** What the last return post said. */
  returnNews: { error: string | null; done: boolean; reason: string } | null;
  /** What coming back from Stripe's page said (card-payment.ts, cardNotice), or null. */
  notice: string | null;
  status?: number;
}

/**
 * An order as a page that works without JavaScript: the same facts and
 * words as components/orders/order-view.tsx, the return request a form
 * posting back to this page's address.
 */
export function orderPageWithoutJavascript(input: OrderPageInput): Response {
  const { order } = input;
  const summary = orderSummary(order, "shopper");
  const main = html`<article class="order">
<h1>Order <span data-testid="order-reference">${summary.reference}</span></h1>
<p class="gone">Placed ${summary.placed}</p>
${order.fulfilment === "placed" ? html`<p class="notice" role="status">Thank you for your order. We have emailed a confirmation to ${order.contact.email || "you"}${order.paymentMethod === "pay_on_delivery" ? "; pay when it is delivered." : "."}</p>` : null}
${input.notice ? html`<p class="notice" role="status" data-testid="card-notice">${input.notice}</p>` : null}
<dl class="states">${summary.states.map((state) => html`<div><dt>${state.label}</dt><dd data-testid="order-${state.id}">${state.value}</dd></div>`)}</dl>
<h2>Items</h2>
<ul class="lines">${summary.lines.map((line) => html`<li class="line plain" data-testid="order-line"><div><span class="name">${line.name}</span> × ${line.quantity} <span class="price">${line.amount}</span></div></li>`)}</ul>
<dl class="totals">${summary.totals.map((total) => html`<div${total.grand ? html` class="grand"` : null}><dt>${total.label}</dt><dd${total.grand ? html` data-testid="order-total"` : null}>${total.amount}</dd></div>`)}</dl>
<h2>Contact</h2>
${summary.contact ? html`<p>${lines([summary.contact.name, summary.contact.email, ...(summary.contact.phone ? [summary.contact.phone] : [])])}</p>` : html`<p>Erased on request.</p>`}
<h2>Shipping address</h2>
${summary.address ? html`<address>${lines(summary.address)}</address>` : html`<p>Erased on request.</p>`}
${order.returnReason ? html`<p>Your reason for the return: “${order.returnReason}”</p>` : null}
${returnPart(input) ?? payPart(input)}
<h2>History</h2>
<ol>${order.history.map((event) => html`<li>${orderTime(event.at)}: ${eventLabel(event)}${event.step === "ship" && event.note ? ` (tracking number ${event.note})` : ""}</li>`)}</ol>
</article>`;
  return noScriptPage({ title: "Your order", main, status: input.status });
}

/** Lines of text with a break between each, every line escaped. */
function lines(texts: string[]): Html {
  return html`${texts.map((text, index) => (index === 0 ? html`${text}` : html`<br>${text}`))}`;
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

/** A card order's "Pay now" or "Pay again" (card-pay-offer.ts), as the React page's components/orders/card-pay.tsx. */
function payPart({ order, token }: OrderPageInput): Html | null {
  const offer = cardPayOffer(order);
  if (!offer) return null;
  return html`<form method="post" action="${offer.action}" class="summary">
<h2>Payment</h2>
<p>${offer.note}</p>
<input type="hidden" name="view" value="plain">${token ? html`<input type="hidden" name="token" value="${token}">` : null}
<p><button type="submit" class="action primary">${offer.button}</button></p>
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
