/**
 * The order desk's pure rules (lib/admin/orders): which steps each state of
 * an order allows, the step form read with zod (the tracking number a ship
 * needs), the list's URL read into the store's filter, the step action's
 * gate, which refuses a non-admin or foreign page before any store is opened,
 * and the notice a plain form post's answer travels in.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Caller } from "@/lib/admin/guard";
import { ORDER_PAGE_SIZE, itemCount, orderListFilter, orderListHref, parseOrderListQuery } from "@/lib/admin/orders/order-list";
import {
  DESK_STEPS,
  STEP_FORM_MESSAGES,
  TRACKING_NUMBER_MAX,
  allowedSteps,
  parseStepForm,
  productsRestockedBy,
  type OrderState,
} from "@/lib/admin/orders/order-steps";
import { noticeCode, noticeHref, noticeOf } from "@/lib/admin/orders/step-notice";
import { ORDER_STEP_MESSAGES, takeOrderStepAs, type OrderStepResult } from "@/lib/admin/orders/take-step";
import { ORDER_STEPS } from "@/lib/data/contract/order-states";

const state = (
  fulfilment: OrderState["fulfilment"],
  payment: OrderState["payment"] = "due",
  returnState: OrderState["returnState"] = null,
): OrderState => ({
  fulfilment,
  payment,
  paymentMethod: "pay_on_delivery",
  returnState,
  deliveredAt: fulfilment === "delivered" ? Date.now() : null,
});

function stepForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe("allowed steps per state", () => {
  test("a placed order can be shipped or cancelled, nothing else", () => {
    assert.deepEqual(allowedSteps(state("placed")), ["ship", "cancel"]);
  });
  test("a shipped order can only be delivered (no cancel after shipping)", () => {
    assert.deepEqual(allowedSteps(state("shipped")), ["deliver"]);
  });
  test("payment is recorded at or after delivery, then refunded", () => {
    assert.deepEqual(allowedSteps(state("delivered", "due")), ["record_payment"]);
    assert.deepEqual(allowedSteps(state("delivered", "paid")), ["refund"]);
    assert.deepEqual(allowedSteps(state("delivered", "refunded")), []);
  });
  test("a requested return is accepted or refused; a decided one offers nothing more", () => {
    assert.deepEqual(allowedSteps(state("delivered", "paid", "requested")), ["refund", "accept_return", "refuse_return"]);
    assert.deepEqual(allowedSteps(state("delivered", "due", "requested")), ["record_payment", "accept_return", "refuse_return"]);
    assert.deepEqual(allowedSteps(state("delivered", "refunded", "returned")), []);
    assert.deepEqual(allowedSteps(state("delivered", "paid", "refused")), ["refund"]);
  });
  test("a cancelled order offers no step", () => {
    assert.deepEqual(allowedSteps(state("cancelled")), []);
  });
  test("the desk offers every step of the contract but the shopper's own (a return request, paying again) and Stripe's", () => {
    assert.deepEqual(
      ORDER_STEPS.filter((step) => !(DESK_STEPS as readonly string[]).includes(step)),
      [
        "request_return",
        "card_paid",
        "card_expired",
        "card_failed",
        "card_charge_mismatch",
        "pay_again",
        "card_refunded",
        "card_refund_failed",
      ],
    );
  });
  test("a card order: cancelled while it awaits or lapsed, shipped once paid, its payment never recorded by hand, refunded only through Stripe", () => {
    const card = (fulfilment: OrderState["fulfilment"], payment: OrderState["payment"]): OrderState => ({
      ...state(fulfilment, payment),
      paymentMethod: "card",
    });
    assert.deepEqual(allowedSteps(card("placed", "awaiting")), ["cancel"]);
    assert.deepEqual(allowedSteps(card("placed", "expired")), ["cancel"]);
    assert.deepEqual(allowedSteps(card("placed", "paid")), ["ship", "refund_by_card"]);
    assert.deepEqual(allowedSteps(card("delivered", "paid")), ["refund_by_card"]);
    assert.deepEqual(allowedSteps(card("delivered", "partially_refunded")), ["refund_by_card"]);
    assert.deepEqual(allowedSteps(card("delivered", "refunded")), []);
  });
});

describe("the products whose pages a step expires", () => {
  test("a cancel and an accepted return give stock back: the order's products, once each; no other step", () => {
    const order = { lines: [{ productId: "lamp" }, { productId: "mug" }, { productId: "lamp" }] };
    assert.deepEqual(productsRestockedBy("cancel", order), ["lamp", "mug"]);
    assert.deepEqual(productsRestockedBy("accept_return", order), ["lamp", "mug"]);
    for (const step of DESK_STEPS.filter((s) => s !== "cancel" && s !== "accept_return"))
      assert.deepEqual(productsRestockedBy(step, order), [], step);
  });
});

describe("the step form", () => {
  const base = { orderId: "ord_123", revision: "4" };

  test("a step names its order and revision; its note is empty but for ship", () => {
    assert.deepEqual(parseStepForm(stepForm({ ...base, step: "deliver", trackingNumber: "ignored" })), {
      ok: true,
      orderId: "ord_123",
      revision: 4,
      step: "deliver",
      note: "",
    });
  });
  test("ship needs a tracking number, trimmed, which becomes the note", () => {
    assert.deepEqual(parseStepForm(stepForm({ ...base, step: "ship", trackingNumber: "  1Z 999-AA1/01#2 " })), {
      ok: true,
      orderId: "ord_123",
      revision: 4,
      step: "ship",
      note: "1Z 999-AA1/01#2",
    });
    const missing = parseStepForm(stepForm({ ...base, step: "ship", trackingNumber: "   " }));
    assert.deepEqual(missing, {
      ok: false,
      error: STEP_FORM_MESSAGES.trackingRequired,
      fieldErrors: { trackingNumber: STEP_FORM_MESSAGES.trackingRequired },
      trackingNumber: "   ",
    });
    const long = parseStepForm(stepForm({ ...base, step: "ship", trackingNumber: "A".repeat(TRACKING_NUMBER_MAX + 1) }));
    assert.equal(long.ok ? null : long.fieldErrors.trackingNumber, STEP_FORM_MESSAGES.trackingTooLong);
    const odd = parseStepForm(stepForm({ ...base, step: "ship", trackingNumber: "<script>" }));
    assert.equal(odd.ok ? null : odd.fieldErrors.trackingNumber, STEP_FORM_MESSAGES.trackingCharacters);
  });
  test("an unknown step, the shopper's step and a missing step are refused as not the desk's", () => {
    for (const step of ["explode", "request_return", ""]) {
      const parsed = parseStepForm(stepForm({ ...base, step }));
      assert.equal(parsed.ok ? null : parsed.error, STEP_FORM_MESSAGES.notAStep, step);
    }
  });
  test("a malformed order id or revision names no order", () => {
    for (const fields of [
      { orderId: "", revision: "4" },
      { orderId: "../x", revision: "4" },
      { orderId: "ord_123", revision: "-1" },
      { orderId: "ord_123", revision: "4.5" },
      { orderId: "ord_123", revision: "" },
      { orderId: "ord_123", revision: "1e3" },
    ]) {
      const parsed = parseStepForm(stepForm({ ...fields, step: "deliver" }));
      assert.equal(parsed.ok ? null : parsed.error, STEP_FORM_MESSAGES.notAnOrder, JSON.stringify(fields));
    }
  });
  test("a file where text belongs reads as empty", () => {
    const form = stepForm({ ...base, step: "ship" });
    form.set("trackingNumber", new Blob(["1Z"]), "tracking.txt");
    const parsed = parseStepForm(form);
    assert.equal(parsed.ok ? null : parsed.error, STEP_FORM_MESSAGES.trackingRequired);
  });
});

describe("the list's URL", () => {
  test("search, state and cursor become the store's filter of 50", () => {
    const list = parseOrderListQuery({ q: "  K7PM-2QX9-HT4D ", state: "payment:due", after: "abc" });
    assert.deepEqual(list, { query: "K7PM-2QX9-HT4D", state: "payment:due", after: "abc" });
    assert.deepEqual(orderListFilter(list), {
      fulfilment: null,
      payment: "due",
      returnState: null,
      query: "K7PM-2QX9-HT4D",
      limit: ORDER_PAGE_SIZE,
      after: "abc",
    });
    assert.deepEqual(orderListFilter(parseOrderListQuery({ state: "return:requested" })).returnState, "requested");
    assert.deepEqual(orderListFilter(parseOrderListQuery({ state: "fulfilment:shipped" })).fulfilment, "shipped");
  });
  test("an unknown state, a repeated parameter and an empty cursor read as no filter", () => {
    assert.deepEqual(parseOrderListQuery({ state: "fulfilment:lost", after: "" }), { query: "", state: "", after: null });
    assert.deepEqual(parseOrderListQuery({ state: ["payment:paid", "payment:due"] }).state, "payment:paid");
  });
  test("links carry only what is set", () => {
    assert.equal(orderListHref({ query: "", state: "", after: null }), "/admin-entry/orders");
    assert.equal(
      orderListHref({ query: "a@b.co", state: "fulfilment:placed", after: "c1" }),
      "/admin-entry/orders?q=a%40b.co&state=fulfilment%3Aplaced&after=c1",
    );
  });
  test("an order's item count is the sum of its quantities", () => {
    assert.equal(
      itemCount({
        lines: [
          { productId: "a", name: "A", image: "", unitPriceCents: 100, quantity: 2 },
          { productId: "b", name: "B", image: "", unitPriceCents: 100, quantity: 3 },
        ],
      }),
      5,
    );
  });
});

describe("the step action's gate", () => {
  const ORIGIN = "https://shop.example.com";
  const caller = (user: Caller["user"], origin = ORIGIN): Caller => ({ origin, host: "shop.example.com", forwardedHost: null, user });
  const form = stepForm({ orderId: "ord_1", revision: "0", step: "deliver" });
  const noStore = async (): Promise<never> => {
    throw new Error("a refused step must not open the store");
  };

  test("a signed-out caller, a shopper and a foreign page are refused before the store is opened", async () => {
    for (const who of [
      caller(null),
      caller({ isAdmin: false, email: "shopper@example.com" }),
      caller({ isAdmin: true, email: "a@example.com" }, "https://evil.example"),
    ]) {
      const result = await takeOrderStepAs(who, form, noStore);
      assert.equal(result.ok, false);
    }
    const shopper = await takeOrderStepAs(caller({ isAdmin: false }), form, noStore);
    assert.equal(shopper.ok ? null : shopper.error, ORDER_STEP_MESSAGES.notAdmin);
  });
  test("an admin's call that is not a form is refused before the store is opened", async () => {
    const result = await takeOrderStepAs(caller({ isAdmin: true, email: "a@example.com" }), { orderId: "ord_1" }, noStore);
    assert.equal(result.ok ? null : result.error, ORDER_STEP_MESSAGES.notAForm);
  });
});

describe("the answer of a plain form post", () => {
  const refused = (error: string): OrderStepResult => ({ ok: false, error, fieldErrors: {}, trackingNumber: "" });
  const done = { ok: true, step: "deliver", message: "", order: { id: "ord_9" } } as unknown as OrderStepResult;

  test("a step done and each refusal travel as a code and come back as their sentence", () => {
    assert.equal(noticeCode(done), "done-deliver");
    assert.deepEqual(noticeOf("done-deliver"), { ok: true, text: "Marked delivered; the shopper is emailed." });
    for (const message of [
      ORDER_STEP_MESSAGES.conflict,
      ORDER_STEP_MESSAGES.notAllowed,
      ORDER_STEP_MESSAGES.notAdmin,
      STEP_FORM_MESSAGES.trackingRequired,
    ]) {
      assert.deepEqual(noticeOf(noticeCode(refused(message))), { ok: false, text: message });
    }
    assert.equal(noticeCode(refused("A sentence nobody wrote")), "not-recorded");
  });
  test("no code, an unknown code and a step the desk does not offer show nothing", () => {
    for (const code of [undefined, "", "done-request_return", "done-", "<script>", "toString", "__proto__"])
      assert.equal(noticeOf(code), null, String(code));
    assert.deepEqual(noticeOf(["conflict", "done-ship"]), { ok: false, text: ORDER_STEP_MESSAGES.conflict });
  });
  test("the post is answered with the order's page, or the list when the form named no usable order", () => {
    assert.equal(noticeHref("ignored", done), "/admin-entry/orders/ord_9?notice=done-deliver");
    assert.equal(noticeHref("ord_1", refused(ORDER_STEP_MESSAGES.conflict)), "/admin-entry/orders/ord_1?notice=conflict");
    for (const id of [null, "", "../x", "a/b", "x".repeat(129), new Blob(["x"])]) {
      assert.equal(noticeHref(id, refused(ORDER_STEP_MESSAGES.notFound)), "/admin-entry/orders", String(id));
    }
  });
});
