// The Stripe stand-in's Checkout Sessions and coupons
// (scripts/stripe-stand-in.mjs): POST /v1/checkout/sessions checked and
// priced as Stripe does for mode=payment with price_data line items, a
// coupon and fixed-amount shipping; expiry by the API or at expires_at.
//
// `world` is the stand-in's state: its clock (now(), ms), publicUrl, the
// maps of objects by id, and emit(type, object, options) for events.
import { currency, hash, integer, invalid, list, metadata, missingResource, oneOf, text } from "./form.mjs";
import { randomId } from "./http.mjs";

/** Stripe's bounds on expires_at, from the session's creation. */
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

export const unixNow = (world) => Math.floor(world.now() / 1000);

/** Creates a session: { session, lines, paymentIntentData } kept in world.sessions; answers the session. */
export function createSession(world, params) {
  const mode = oneOf(params.mode, "mode", ["payment", "setup", "subscription"], { required: true });
  if (mode !== "payment") throw invalid("The Stripe stand-in supports only mode=payment.", "mode");
  const successUrl = pageUrl(params.success_url, "success_url", true);
  const cancelUrl = pageUrl(params.cancel_url, "cancel_url", false);
  const customerEmail = text(params.customer_email, "customer_email");
  if (customerEmail !== undefined && !isEmail(customerEmail))
    throw invalid(`Invalid email address: ${customerEmail}`, "customer_email", "email_invalid");
  const clientReferenceId = text(params.client_reference_id, "client_reference_id");
  if (clientReferenceId !== undefined && clientReferenceId.length > 200)
    throw invalid("client_reference_id can have up to 200 characters.", "client_reference_id");
  const created = unixNow(world);
  const lines = lineItems(world, params.line_items, created);
  const sessionCurrency = lines[0].currency;
  const subtotal = lines.reduce((sum, line) => sum + line.amount_subtotal, 0);
  const coupon = discountCoupon(world, params.discounts, sessionCurrency);
  const discount = coupon ? discountOf(coupon, subtotal) : 0;
  shareDiscount(lines, discount, subtotal);
  const rates = shippingRates(world, params.shipping_options, sessionCurrency, created);
  const shipping = rates[0]?.fixed_amount.amount ?? 0;
  const id = randomId("cs_test_", 58);
  const session = {
    id,
    object: "checkout.session",
    amount_subtotal: subtotal,
    amount_total: subtotal - discount + shipping,
    cancel_url: cancelUrl ?? null,
    client_reference_id: clientReferenceId ?? null,
    created,
    currency: sessionCurrency,
    customer: null,
    customer_details: null,
    customer_email: customerEmail ?? null,
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
    expires_at: expiresAt(params.expires_at, created),
    livemode: false,
    metadata: metadata(params.metadata),
    mode,
    payment_intent: null,
    payment_method_types: ["card"],
    payment_status: "unpaid",
    shipping_cost: rates[0] ? { amount_subtotal: shipping, amount_tax: 0, amount_total: shipping, shipping_rate: rates[0].id } : null,
    shipping_options: rates.map((rate) => ({ shipping_amount: rate.fixed_amount.amount, shipping_rate: rate.id })),
    status: "open",
    success_url: successUrl,
    total_details: { amount_discount: discount, amount_shipping: shipping, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${world.publicUrl}/c/pay/${id}`,
  };
  // Stripe puts payment_intent_data's metadata on the payment, not the session's.
  const paymentMetadata = metadata(hash(params.payment_intent_data, "payment_intent_data").metadata, "payment_intent_data[metadata]");
  world.sessions.set(id, { session, lines, coupon, shippingRate: rates[0] ?? null, paymentMetadata });
  return session;
}

/** A session's record; an unknown id is 404 resource_missing. */
export function sessionRecord(world, id) {
  const record = world.sessions.get(id);
  if (!record) throw missingResource("checkout.session", id, "session");
  return record;
}

/** Ends an open session: status expired, its url gone, event checkout.session.expired. */
export function expireSession(world, record, request = null) {
  const { session } = record;
  if (session.status !== "open") throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.', "session");
  session.status = "expired";
  session.url = null;
  world.emit("checkout.session.expired", session, { request });
  return session;
}

/** Expires every open session whose expires_at has come, as Stripe does by itself. */
export function expireDue(world) {
  const second = unixNow(world);
  for (const record of world.sessions.values()) {
    if (record.session.status === "open" && record.session.expires_at <= second) expireSession(world, record);
  }
}

/** POST /v1/coupons: amount_off with currency, or percent_off; duration once (Stripe's default) or forever. */
export function createCoupon(world, params) {
  const amountOff = integer(params.amount_off, "amount_off", { min: 1 });
  const percentOff = percent(params.percent_off);
  if ((amountOff === undefined) === (percentOff === undefined))
    throw invalid("Exactly one of amount_off or percent_off must be provided.", amountOff === undefined ? "amount_off" : "percent_off");
  const couponCurrency = currency(params.currency, "currency", { required: amountOff !== undefined });
  const id = text(params.id, "id") ?? randomId("", 8).toUpperCase();
  if (world.coupons.has(id)) throw invalid("Coupon already exists.", "id", "resource_already_exists");
  const coupon = {
    id,
    object: "coupon",
    amount_off: amountOff ?? null,
    created: unixNow(world),
    currency: amountOff === undefined ? null : couponCurrency,
    duration: oneOf(params.duration, "duration", ["once", "forever"]) ?? "once",
    duration_in_months: null,
    livemode: false,
    max_redemptions: null,
    metadata: metadata(params.metadata),
    name: text(params.name, "name") ?? null,
    percent_off: percentOff ?? null,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  };
  world.coupons.set(id, coupon);
  return coupon;
}

function percent(value) {
  const raw = text(value, "percent_off");
  if (raw === undefined) return undefined;
  const number = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || number <= 0 || number > 100)
    throw invalid("percent_off must be greater than 0 and at most 100.", "percent_off");
  return number;
}

const isEmail = (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** A URL the shopper is sent to: an absolute http(s) URL (Stripe's url_invalid otherwise). */
function pageUrl(value, param, required) {
  const raw = text(value, param, { required });
  if (raw === undefined) return undefined;
  if (!/^https?:\/\/[^\s]+$/i.test(raw) || !URL.canParse(raw)) throw invalid("Not a valid URL", param, "url_invalid");
  return raw;
}

/** The line items, each priced with price_data; all in one currency. */
function lineItems(world, value, created) {
  const items = list(value, "line_items");
  if (items.length === 0) throw invalid("Missing required param: line_items.", "line_items", "parameter_missing");
  if (items.length > 100) throw invalid("A Checkout Session can have up to 100 line items.", "line_items");
  const lines = items.map((item, at) => lineItem(hash(item, `line_items[${at}]`), `line_items[${at}]`, created));
  const odd = lines.findIndex((line) => line.currency !== lines[0].currency);
  if (odd > 0)
    throw invalid(
      `All line items must use the same currency: ${lines[0].currency} and ${lines[odd].currency} were given.`,
      `line_items[${odd}][price_data][currency]`,
    );
  return lines;
}

function lineItem(item, param, created) {
  if (item.price !== undefined) throw invalid("The Stripe stand-in takes line items with price_data, not saved prices.", `${param}[price]`);
  if (item.price_data === undefined)
    throw invalid(`Missing required param: ${param}[price_data].`, `${param}[price_data]`, "parameter_missing");
  const priceData = hash(item.price_data, `${param}[price_data]`);
  const lineCurrency = currency(priceData.currency, `${param}[price_data][currency]`);
  const unitAmount = integer(priceData.unit_amount, `${param}[price_data][unit_amount]`, { required: true });
  if (priceData.product_data === undefined)
    throw invalid(`Missing required param: ${param}[price_data][product_data].`, `${param}[price_data][product_data]`, "parameter_missing");
  const productData = hash(priceData.product_data, `${param}[price_data][product_data]`);
  const name = text(productData.name, `${param}[price_data][product_data][name]`, { required: true });
  const quantity = integer(item.quantity, `${param}[quantity]`, { required: true, min: 1 });
  return {
    id: randomId("li_"),
    object: "item",
    amount_discount: 0,
    amount_subtotal: unitAmount * quantity,
    amount_tax: 0,
    amount_total: unitAmount * quantity,
    currency: lineCurrency,
    description: name,
    price: {
      id: randomId("price_"),
      object: "price",
      active: false,
      billing_scheme: "per_unit",
      created,
      currency: lineCurrency,
      livemode: false,
      metadata: {},
      product: randomId("prod_", 14),
      recurring: null,
      tax_behavior: "unspecified",
      type: "one_time",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    },
    quantity,
  };
}

/** discounts[0][coupon]: a coupon made by POST /v1/coupons, in the session's currency. Checkout takes one discount. */
function discountCoupon(world, value, sessionCurrency) {
  const discounts = list(value, "discounts");
  if (discounts.length === 0) return null;
  if (discounts.length > 1) throw invalid("You may only specify one discount.", "discounts");
  const entry = hash(discounts[0], "discounts[0]");
  if (entry.promotion_code !== undefined)
    throw invalid("The Stripe stand-in takes coupons, not promotion codes.", "discounts[0][promotion_code]");
  const id = text(entry.coupon, "discounts[0][coupon]", { required: true });
  const coupon = world.coupons.get(id);
  if (!coupon) throw invalid(`No such coupon: '${id}'`, "discounts[0][coupon]", "resource_missing");
  if (coupon.currency !== null && coupon.currency !== sessionCurrency)
    throw invalid(`The coupon's currency (${coupon.currency}) does not match the session's (${sessionCurrency}).`, "discounts[0][coupon]");
  return coupon;
}

/** What a coupon takes off the line items (never shipping), at most their subtotal. */
const discountOf = (coupon, subtotal) =>
  coupon.amount_off !== null ? Math.min(coupon.amount_off, subtotal) : Math.round((subtotal * coupon.percent_off) / 100);

/** Shares the discount among the lines in proportion to their amounts; the cents left over go to the first lines. */
function shareDiscount(lines, discount, subtotal) {
  if (discount === 0) return;
  const shares = lines.map((line) => Math.floor((discount * line.amount_subtotal) / subtotal));
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  for (const [at, line] of lines.entries()) {
    const extra = left > 0 && shares[at] < line.amount_subtotal ? 1 : 0;
    left -= extra;
    line.amount_discount = shares[at] + extra;
    line.amount_total = line.amount_subtotal - line.amount_discount;
  }
}

/** shipping_options[n][shipping_rate_data]: fixed amounts in the session's currency; the first is the one chosen, as Stripe preselects it. */
function shippingRates(world, value, sessionCurrency, created) {
  const options = list(value, "shipping_options");
  if (options.length > 5) throw invalid("You may only specify up to 5 shipping options.", "shipping_options");
  return options.map((option, at) => {
    const param = `shipping_options[${at}][shipping_rate_data]`;
    const entry = hash(option, `shipping_options[${at}]`);
    if (entry.shipping_rate !== undefined)
      throw invalid("The Stripe stand-in takes shipping_rate_data, not saved shipping rates.", `shipping_options[${at}][shipping_rate]`);
    if (entry.shipping_rate_data === undefined) throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
    const data = hash(entry.shipping_rate_data, param);
    const displayName = text(data.display_name, `${param}[display_name]`, { required: true });
    oneOf(data.type, `${param}[type]`, ["fixed_amount"]);
    const fixed = hash(data.fixed_amount, `${param}[fixed_amount]`);
    const amount = integer(fixed.amount, `${param}[fixed_amount][amount]`, { required: true });
    const rateCurrency = currency(fixed.currency, `${param}[fixed_amount][currency]`);
    if (rateCurrency !== sessionCurrency)
      throw invalid(
        `The shipping rate's currency (${rateCurrency}) does not match the line items' (${sessionCurrency}).`,
        `${param}[fixed_amount][currency]`,
      );
    const rate = {
      id: randomId("shr_"),
      object: "shipping_rate",
      active: true,
      created,
      display_name: displayName,
      fixed_amount: { amount, currency: rateCurrency },
      livemode: false,
      metadata: metadata(data.metadata, `${param}[metadata]`),
      type: "fixed_amount",
    };
    world.shippingRates.set(rate.id, rate);
    return rate;
  });
}

/** expires_at: 30 minutes to 24 hours after creation, as Stripe requires; 24 hours when not given. */
function expiresAt(value, created) {
  const at = integer(value, "expires_at", { min: 0 });
  if (at === undefined) return created + MAX_EXPIRY_S;
  if (at < created + MIN_EXPIRY_S)
    throw invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
  if (at > created + MAX_EXPIRY_S)
    throw invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
  return at;
}
