import "server-only";
import { formatCents } from "@/lib/money";
import type { CheckoutErrors, CheckoutField, CheckoutValues } from "@/lib/orders/checkout-fields";
import {
  CHECKOUT_FIELDS,
  EXPECTED_LINE_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  ADDRESS_FIELD_NAMES,
  CONTACT_FIELD_NAMES,
  DISCOUNT_FIELD,
  SHIPPING_FIELD,
  TAX_FIELD,
  US_STATE_CHOICES,
  checkedPayment,
  offeredChoices,
  onlyPaymentNote,
  regionIsUsState,
  SAVED_ADDRESS_PARAM,
} from "@/lib/orders/checkout-fields";
import type { SavedAddressChoice } from "@/lib/orders/returning-shopper";
import type { Bill } from "@/lib/data/rules/bill";
import { billFieldValues, billOf, discountShown, taxAmount, taxLabel } from "@/lib/orders/bill-quote";
import type { PricedDiscount } from "@/lib/orders/checkout-state";
import { discountLabel } from "@/lib/orders/discount-words";
import { checkoutCountries, shippingAmount, zoneRate } from "@/lib/orders/shipping-quote";
import { encodeExpectedLine, type CheckoutSummary } from "@/lib/orders/checkout-lines";
import { CART_WITHOUT_JAVASCRIPT_PATH } from "@/lib/cart/without-javascript";
import { CHECKOUT_WITHOUT_JAVASCRIPT_PATH } from "@/lib/orders/paths";
import { noScriptPage } from "./document";
import { html, type Html } from "./html";

interface CheckoutPageInput {
  /** null: the cart could not be read (the store did not answer). */
  summary: CheckoutSummary | null;
  values: CheckoutValues;
  errors: CheckoutErrors;
  problem: string | null;
  lineProblems: Record<string, string>;
  idempotencyKey: string;
  /** The code as the last post priced it; null when none was. */
  discount: PricedDiscount | null;
  /** A signed-in shopper's saved addresses to start from (the default first) and the one the fields hold; null for none. */
  savedAddresses: { choices: SavedAddressChoice[]; chosenId: string | null } | null;
  /** A signed-in shopper may keep the address in their address book. */
  canSaveAddress: boolean;
  status?: number;
}

/**
 * The checkout as a page that works without JavaScript: the same fields,
 * labels, autocomplete tokens, limits and words as the React checkout
 * (components/checkout), one form posting back to its own address
 * (app/checkout-page/without-javascript/route.ts), which answers a refusal
 * with this page again: the values typed, each error next to its field,
 * the refused line named, the summary at the store's prices of now.
 */
export function checkoutPageWithoutJavascript(input: CheckoutPageInput): Response {
  const { summary } = input;
  const body =
    summary === null
      ? html`<p class="problem" role="alert">${input.problem}</p>`
      : summary.lines.length === 0
        ? html`<p>Your cart is empty, so there is nothing to check out. <a href="/">Continue shopping</a></p>`
        : form(input, summary);
  return noScriptPage({ title: "Checkout", main: html`<h1>Checkout</h1>\n${body}`, status: input.status });
}

function form(input: CheckoutPageInput, summary: CheckoutSummary): Html {
  const errorCount = Object.keys(input.errors).length;
  // The address and code posted, priced; before they are, the page shows the rates and the post is answered with its bill (lib/orders/place-order.ts).
  const discount = discountShown(input.values.discountCode, input.discount);
  const bill = billOf(summary.zones, input.values, summary.subtotalCents, discount ?? 0);
  const shown = billFieldValues(bill, discount);
  return html`${savedAddressChoice(input.savedAddresses)}
${input.problem ? html`<p class="problem" role="alert" data-testid="checkout-problem">${input.problem}</p>` : null}
${errorCount > 0 ? html`<p class="problem" role="alert">${errorCount === 1 ? "One field needs your attention." : `${errorCount} fields need your attention.`}</p>` : null}
<form method="post" action="${CHECKOUT_WITHOUT_JAVASCRIPT_PATH}" class="checkout" novalidate>
<input type="hidden" name="${IDEMPOTENCY_KEY_FIELD}" value="${input.idempotencyKey}">
<input type="hidden" name="${SHIPPING_FIELD}" value="${shown.shipping}">
<input type="hidden" name="${TAX_FIELD}" value="${shown.tax}">
<input type="hidden" name="${DISCOUNT_FIELD}" value="${shown.discount}">
${summary.lines.map((line) => html`<input type="hidden" name="${EXPECTED_LINE_FIELD}" value="${encodeExpectedLine(line)}">`)}
<fieldset><legend>Contact</legend>
${CONTACT_FIELD_NAMES.map((name) => field(name, input, summary))}
</fieldset>
<fieldset><legend>Shipping address</legend>
${ADDRESS_FIELD_NAMES.map((name) => field(name, input, summary))}
${input.canSaveAddress ? html`<div class="field"><label><input type="checkbox" id="checkout-saveAddress" name="saveAddress"${input.values.saveAddress === "on" ? html` checked` : null}> ${CHECKOUT_FIELDS.saveAddress.label}</label></div>` : null}
</fieldset>
${field("discountCode", input, summary)}
${paymentChoice(input, summary)}
<section aria-labelledby="summary-heading" class="summary">
<h2 id="summary-heading">Your order</h2>
<ul class="lines" aria-label="Order lines">${summary.lines.map(
    (line) => html`<li class="line" data-testid="checkout-line"><div><span class="name">${line.name}</span> × ${line.quantity}
${line.amountCents === null ? html`<p class="gone">no longer available</p>` : html` <span class="price">${formatCents(line.amountCents)}</span>`}
${input.lineProblems[line.productId] || line.stockProblem ? html`<p class="error" data-testid="line-problem">${input.lineProblems[line.productId] ?? line.stockProblem}</p>` : null}</div></li>`,
  )}</ul>
${rateTable(summary)}
${totals(bill, summary, input.values.discountCode.trim().toUpperCase(), discount)}
${onlyPaymentNote(summary.payments) === null ? null : html`<p class="subtotal">${onlyPaymentNote(summary.payments)}</p>`}
${
  summary.blocked === null
    ? html`<button type="submit" class="action primary">Place order</button>`
    : html`<button type="submit" class="action primary" disabled aria-describedby="checkout-blocked">Place order</button> <p id="checkout-blocked" class="gone" data-testid="checkout-blocked">${summary.blocked} <a href="${CART_WITHOUT_JAVASCRIPT_PATH}">Go to your cart</a></p>`
}
</section>
</form>`;
}

/**
 * A signed-in shopper's saved addresses, as the React checkout offers them
 * (components/checkout/saved-address-choice.tsx): a GET form of its own
 * asking this page again with the one chosen.
 */
function savedAddressChoice(saved: CheckoutPageInput["savedAddresses"]): Html | null {
  if (!saved) return null;
  return html`<form method="get" action="${CHECKOUT_WITHOUT_JAVASCRIPT_PATH}" class="field" aria-label="Saved addresses">
<label for="checkout-saved-address">Ship to a saved address</label>
<select id="checkout-saved-address" name="${SAVED_ADDRESS_PARAM}">${saved.choices.map(
    (choice) => html`<option value="${choice.id}"${choice.id === saved.chosenId ? html` selected` : null}>${choice.label}</option>`,
  )}</select>
<button type="submit" class="action">Use this address</button>
</form>`;
}

/** The totals: priced once the address is, else the subtotal and a word on what follows; a code's line once it is priced. */
function totals(bill: Bill | null, summary: CheckoutSummary, code: string, discount: number | null): Html {
  const off =
    code === ""
      ? null
      : html`<p class="subtotal">${discountLabel(code)}: <span data-testid="checkout-discount">${discount === null ? "shown when you place your order" : `−${formatCents(discount)}`}</span>.</p>`;
  if (!bill)
    return html`${off}<p class="subtotal">Subtotal: <span class="price" data-testid="checkout-total">${formatCents(summary.subtotalCents)}</span> USD. Shipping <span data-testid="checkout-shipping">and sales tax follow from your address</span>: placing the order shows them first.</p>`;
  return html`${off}<p class="subtotal">Shipping (${bill.shipping.zone.name}): <span data-testid="checkout-shipping">${shippingAmount(bill.shipping.cents)}</span>. ${taxLabel(bill.tax)}: <span data-testid="checkout-tax">${taxAmount(bill.tax)}</span>.</p>
<p class="subtotal">Total: <span class="price" data-testid="checkout-total">${formatCents(bill.totalCents)}</span> USD.</p>`;
}

/** How to pay, as the React checkout asks it (components/checkout/payment-choice.tsx): a choice of two, the one way hidden, or nothing. */
function paymentChoice(input: CheckoutPageInput, summary: CheckoutSummary): Html | null {
  const offer = summary.payments;
  const error = input.errors.paymentMethod;
  const errorLine = (alert: boolean) =>
    error ? html`<p id="checkout-paymentMethod-error" class="error"${alert ? html` role="alert"` : null}>${error}</p>` : null;
  if (offer.length === 0) return null;
  if (offer.length === 1) return html`<input type="hidden" name="paymentMethod" value="${offer[0]}">${errorLine(true)}`;
  const checked = checkedPayment(input.values.paymentMethod, offer);
  return html`<fieldset role="radiogroup"${error ? html` aria-invalid="true" aria-describedby="checkout-paymentMethod-error"` : null}><legend>${CHECKOUT_FIELDS.paymentMethod.label}</legend>
${offeredChoices(offer).map(
  (choice) =>
    html`<div class="field"><label><input type="radio" name="paymentMethod" value="${choice.value}"${choice.value === checked ? html` checked` : null}${error ? html` aria-describedby="checkout-paymentMethod-error"` : null}> ${choice.label}</label><p class="hint">${choice.hint}</p></div>`,
)}
${errorLine(false)}
</fieldset>`;
}

/** The zones' rates in words, so a shopper without JavaScript knows the shipping before posting an address. */
function rateTable(summary: CheckoutSummary): Html {
  return html`<p class="rates">Shipping rates:</p>
<ul class="rates" data-testid="shipping-rates">${summary.zones.map((zone) => html`<li>${zone.name}: ${zoneRate(zone)}</li>`)}</ul>`;
}

/** A select's options: the first, empty one, then each (code, name), the value posted selected. */
function options(none: string, choices: readonly (readonly [string, string])[], value: string): Html {
  return html`<option value="">${none}</option>${choices.map(
    ([code, label]) => html`<option value="${code}"${code === value ? html` selected` : null}>${label}</option>`,
  )}`;
}

function field(name: CheckoutField, input: CheckoutPageInput, summary: CheckoutSummary): Html {
  const spec = CHECKOUT_FIELDS[name];
  const id = `checkout-${name}`;
  const error = input.errors[name];
  const value = input.values[name];
  const described = error ? html` aria-invalid="true" aria-describedby="${id}-error"` : null;
  const required = spec.required ? html` required` : null;
  const countries = checkoutCountries(summary.zones);
  const states =
    name === "region" &&
    regionIsUsState(
      input.values.country,
      countries.map(([code]) => code),
    );
  const attributes = html`id="${id}" name="${name}" autocomplete="${spec.autoComplete}"${required}${described}`;
  const control =
    name === "country"
      ? html`<select ${attributes}>${options("Choose a country", countries, value)}</select>`
      : states
        ? html`<select ${attributes}>${options("Choose a state", US_STATE_CHOICES, value)}</select>`
        : html`<input ${attributes} type="${spec.type}" maxlength="${spec.max}" value="${value}">`;
  const hint =
    name === "region" && !states && countries.some(([code]) => code === "US")
      ? html`<p class="hint" id="${id}-hint">In the United States, the state's two-letter code (IL).</p>`
      : null;
  return html`<div class="field"><label for="${id}">${spec.label}</label>${control}${hint}${error ? html`<p id="${id}-error" class="error">${error}</p>` : null}</div>`;
}
