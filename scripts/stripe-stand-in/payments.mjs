// The Stripe stand-in's payments (scripts/stripe-stand-in.mjs): what paying
// on the hosted page makes (a payment intent and its charge), the bank
// debit that settles later, and refunds, which settle shortly after they are
// made, as Stripe's do.
//
// As on Stripe, a payment's metadata is the session's
// payment_intent_data[metadata], not the session's own metadata.
import { unixNow } from "./checkout.mjs";
import { integer, invalid, metadata, oneOf, text } from "./form.mjs";
import { randomId } from "./http.mjs";

/** How long a refund stays pending before it settles. */
const REFUND_SETTLES_MS = 200;

/** "$12.34" (Stripe's messages) for an amount in the currency's smallest unit. */
export function formatAmount(amount, currency) {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
  return format.format(amount / 10 ** format.resolvedOptions().maximumFractionDigits);
}

/**
 * The shopper paid an open session. By card: the payment succeeds now
 * (payment_status paid). By bank debit (settlesLater): the session is
 * complete but unpaid, its payment intent processing until the stand-in is
 * told how it settles. Either way: checkout.session.completed.
 */
export function completeSession(world, record, { email, settlesLater }) {
  const { session } = record;
  const intent = {
    id: randomId("pi_"),
    object: "payment_intent",
    amount: session.amount_total,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: "automatic_async",
    created: unixNow(world),
    currency: session.currency,
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: { ...record.paymentMetadata },
    payment_method: randomId("pm_"),
    payment_method_types: [settlesLater ? "us_bank_account" : "card"],
    receipt_email: null,
    status: "processing",
  };
  world.paymentIntents.set(intent.id, intent);
  session.status = "complete";
  session.url = null;
  session.payment_intent = intent.id;
  session.customer_details = { address: null, email, name: null, phone: null, tax_exempt: "none", tax_ids: [] };
  if (record.coupon) record.coupon.times_redeemed += 1;
  if (!settlesLater) succeed(world, record, intent);
  world.emit("checkout.session.completed", session);
}

/** The bank debit of a completed, unpaid session settled: paid (async_payment_succeeded) or not (async_payment_failed). */
export function settleSession(world, record, outcome) {
  const { session } = record;
  const intent = world.paymentIntents.get(session.payment_intent);
  if (session.status !== "complete" || intent?.status !== "processing")
    throw invalid(`The session ${session.id} has no bank debit waiting to settle.`, "session");
  if (outcome === "succeeded") {
    succeed(world, record, intent);
    world.emit("checkout.session.async_payment_succeeded", session);
  } else {
    intent.status = "requires_payment_method";
    intent.last_payment_error = { code: "payment_method_provider_decline", message: "The bank debit failed.", type: "card_error" };
    world.emit("checkout.session.async_payment_failed", session);
  }
  return session;
}

/** The payment went through: the intent succeeded, its charge is made, the session is paid. */
function succeed(world, record, intent) {
  const charge = {
    id: randomId("ch_"),
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    billing_details: { address: null, email: record.session.customer_details.email, name: null, phone: null },
    captured: true,
    created: unixNow(world),
    currency: intent.currency,
    disputed: false,
    livemode: false,
    metadata: { ...intent.metadata },
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    receipt_email: null,
    refunded: false,
    status: "succeeded",
  };
  world.charges.set(charge.id, charge);
  Object.assign(intent, { amount_received: intent.amount, latest_charge: charge.id, status: "succeeded" });
  record.session.payment_status = "paid";
}

/** What of a charge can still be refunded: its amount less the refunds pending or succeeded. */
function refundable(world, charge) {
  let taken = 0;
  for (const refund of world.refunds.values()) {
    if (refund.charge === charge.id && refund.status !== "failed") taken += refund.amount;
  }
  return charge.amount - taken;
}

/**
 * POST /v1/refunds: of a payment intent's (or a charge's) succeeded charge,
 * `amount` or all that is left. The refund is pending, then settles.
 */
export function createRefund(world, params) {
  const charge = refundedCharge(world, params);
  const left = refundable(world, charge);
  if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, "charge", "charge_already_refunded");
  const amount = integer(params.amount, "amount", { min: 1 }) ?? left;
  if (amount > left)
    throw invalid(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
      "amount",
    );
  const refund = {
    id: randomId("re_"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: unixNow(world),
    currency: charge.currency,
    metadata: metadata(params.metadata),
    payment_intent: charge.payment_intent,
    reason: oneOf(params.reason, "reason", ["duplicate", "fraudulent", "requested_by_customer"]) ?? null,
    status: "pending",
  };
  world.refunds.set(refund.id, refund);
  world.later(REFUND_SETTLES_MS, () => settleRefund(world, refund));
  return refund;
}

function refundedCharge(world, params) {
  const intentId = text(params.payment_intent, "payment_intent");
  const chargeId = text(params.charge, "charge");
  if (intentId === undefined && chargeId === undefined)
    throw invalid("Missing required param: payment_intent.", "payment_intent", "parameter_missing");
  if (intentId === undefined) {
    const charge = world.charges.get(chargeId);
    if (!charge) throw invalid(`No such charge: '${chargeId}'`, "charge", "resource_missing");
    return charge;
  }
  const intent = world.paymentIntents.get(intentId);
  if (!intent) throw invalid(`No such payment_intent: '${intentId}'`, "payment_intent", "resource_missing");
  if (intent.status !== "succeeded")
    throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, "payment_intent");
  return world.charges.get(intent.latest_charge);
}

/**
 * A pending refund settles: succeeded (refund.updated, then charge.refunded
 * with the charge's new amount_refunded), or, when its metadata asks with
 * stand_in_outcome=fail, failed (refund.updated only; the amount can be
 * refunded again).
 */
function settleRefund(world, refund) {
  if (refund.metadata.stand_in_outcome === "fail") {
    Object.assign(refund, { status: "failed", failure_reason: "expired_or_canceled_card" });
    world.emit("refund.updated", refund, { previous: { status: "pending" } });
    return;
  }
  refund.status = "succeeded";
  world.emit("refund.updated", refund, { previous: { status: "pending" } });
  const charge = world.charges.get(refund.charge);
  charge.amount_refunded += refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  world.emit("charge.refunded", charge);
}
