// The Stripe stand-in's hosted payment page (scripts/stripe-stand-in.mjs),
// what a shopper sees at a session's url instead of Stripe Checkout: the
// order and three ways to answer it, as plain HTML forms that work without
// JavaScript (every value HTML-escaped). Like Stripe's page, it needs no API
// key: it is the shopper's browser that comes here.
//   GET  /c/pay/<id>            the page (410 once expired, a notice once complete)
//   POST /c/pay/<id>/pay        pays by card: 303 to success_url
//   POST /c/pay/<id>/decline    a declined card: the page again, the session still open
//   POST /c/pay/<id>/pay-later  pays by bank debit: 303 to success_url, settled later
// A form posted to a session that is no longer open is refused (409).
import { completeSession, formatAmount } from "./payments.mjs";
import { readBody, redirect, sendHtml } from "./http.mjs";

const PAGE = /^\/c\/pay\/([^/]+)(?:\/(pay|decline|pay-later))?$/;

/** Answers a request under /c/pay/. */
export async function hostedPage(world, request, response, pathname) {
  const match = PAGE.exec(pathname);
  const record = match && world.sessions.get(decodeURIComponent(match[1]));
  if (!record) return sendHtml(response, 404, page("Not found", "<h1>No such checkout session</h1>"));
  const [, , action] = match;
  const { session } = record;
  const wanted = action ? "POST" : "GET";
  if (request.method !== wanted && !(wanted === "GET" && request.method === "HEAD"))
    return sendHtml(response, 405, page("Method not allowed", `<h1>Use ${wanted} here</h1>`));
  if (session.status !== "open") return sendHtml(response, action ? 409 : session.status === "expired" ? 410 : 200, closedPage(session));
  if (!action) return sendHtml(response, 200, payPage(world, record));
  const form = new URLSearchParams((await readBody(request)) ?? "");
  const email = session.customer_email ?? form.get("email")?.trim() ?? "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return sendHtml(response, 400, payPage(world, record, { alert: "Enter a valid email address.", email }));
  if (action === "decline") return sendHtml(response, 200, payPage(world, record, { alert: "Your card was declined.", email }));
  completeSession(world, record, { email, settlesLater: action === "pay-later" });
  redirect(response, session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id));
}

const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** "$12.34 USD": the amount and, since the stand-in's page shows any currency, its code. */
const money = (amount, currency) => `${formatAmount(amount, currency)} ${currency.toUpperCase()}`;

const NOTICE =
  '<p class="notice">This is the project\'s stand-in for Stripe Checkout, for tests and local runs. It is not Stripe; no money moves.</p>';

function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe stand-in</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1.5rem auto;max-width:40rem;padding:0 1rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd}
td.amount,th.amount{text-align:right}.notice{background:#fff4d6;padding:.6rem .8rem;border-radius:4px}
.alert{background:#fde2e1;color:#8a1c13;padding:.6rem .8rem;border-radius:4px;font-weight:600}
label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;padding:.6rem 1rem;margin:.5rem .5rem 0 0;cursor:pointer}</style></head>
<body><main>${body}</main></body></html>
`;
}

function payPage(world, record, { alert, email } = {}) {
  const { session, lines, coupon, shippingRate } = record;
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${line.quantity}</td>` +
        `<td class="amount">${escapeHtml(money(line.price.unit_amount, line.currency))}</td>` +
        `<td class="amount">${escapeHtml(money(line.amount_subtotal, line.currency))}</td></tr>`,
    )
    .join("\n");
  const sum = (label, amount, sign = "") =>
    `<tr><th scope="row" colspan="3">${escapeHtml(label)}</th><td class="amount">${sign}${escapeHtml(money(amount, session.currency))}</td></tr>`;
  const totals = [
    sum("Subtotal", session.amount_subtotal),
    coupon ? sum(`Discount (${coupon.name ?? coupon.id})`, session.total_details.amount_discount, "−") : "",
    shippingRate ? sum(`Shipping: ${shippingRate.display_name}`, session.total_details.amount_shipping) : "",
    sum("Total", session.amount_total),
  ].join("\n");
  const base = `${world.publicUrl}/c/pay/${encodeURIComponent(session.id)}`;
  const shownEmail = session.customer_email ?? email ?? "";
  const expires = new Date(session.expires_at * 1000).toISOString().replace("T", " ").slice(0, 16);
  const body = `<h1>Stripe stand-in: test payment</h1>
${NOTICE}
${alert ? `<p role="alert" class="alert">${escapeHtml(alert)}</p>` : ""}
<table><caption>Your order</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col" class="amount">Price</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${totals}
</tfoot></table>
<form method="post" action="${escapeHtml(`${base}/pay`)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(shownEmail)}"${session.customer_email ? " readonly" : ""}>
<button type="submit">Pay ${escapeHtml(money(session.amount_total, session.currency))}</button>
<button type="submit" formaction="${escapeHtml(`${base}/decline`)}">Decline (test card 4000 0000 0000 0002)</button>
<button type="submit" formaction="${escapeHtml(`${base}/pay-later`)}">Pay by bank debit (settles later)</button>
</form>
<p>This session expires at ${expires} UTC.</p>
${backLink(session.cancel_url)}`;
  return page("Test payment", body);
}

function closedPage(session) {
  const expired = session.status === "expired";
  const body = `<h1>${expired ? "This checkout session has expired" : "This checkout session is complete"}</h1>
${NOTICE}
<p>${expired ? "It can no longer be paid. Start again from the shop." : "It has been paid or is being paid; there is nothing more to do here."}</p>
${backLink(expired ? session.cancel_url : session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id))}`;
  return page(expired ? "Expired" : "Complete", body);
}

const backLink = (href) => (href ? `<p><a href="${escapeHtml(href)}">Back to the shop</a></p>` : "");
