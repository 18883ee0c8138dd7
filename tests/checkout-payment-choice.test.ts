/**
 * How the checkout asks how to pay (issue 40), from the offer
 * (lib/orders/payment-offer.ts): both ways, "Pay by card" (checked first)
 * or "Pay on delivery", the one posted kept after a refusal; one way (no
 * Stripe keys, or pay on delivery turned off), no choice, that way posted
 * hidden and said in a sentence; none, no way posted and Place order
 * disabled with the reason. On the page without JavaScript, whose HTML is
 * the server's string; the React form renders the same choices from the
 * same list (PAYMENT_CHOICES), as e2e checkout specs see.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/data/contract/shipping";
import type { PaymentMethod } from "@/lib/data/contract/payment-states";
import { EMPTY_CHECKOUT_VALUES, onlyPaymentNote } from "@/lib/orders/checkout-fields";
import { parseCheckoutForm } from "@/lib/orders/checkout-form";
import { checkoutPageWithoutJavascript } from "@/lib/no-script/checkout-page";
import { checkoutSummary } from "@/lib/orders/checkout-lines";
import { NO_WAY_TO_PAY, paymentOffer } from "@/lib/orders/payment-offer";

const POD_ONLY_NOTE = onlyPaymentNote(["pay_on_delivery"])!;
/** As the page's HTML holds it: the apostrophe escaped. */
const CARD_ONLY_NOTE = onlyPaymentNote(["card"])!.replaceAll("'", "&#39;");

const SUMMARY = {
  lines: [
    {
      productId: "lamp",
      name: "Lamp",
      image: "/products/lamp.webp",
      unitPriceCents: 1999,
      quantity: 1,
      amountCents: 1999,
      stockProblem: null,
    },
  ],
  subtotalCents: 1999,
  orderable: true,
  blocked: null,
  zones: [...DEFAULT_SHIPPING_ZONES],
};

async function pageText(payments: PaymentMethod[], paymentMethod = "", blocked: string | null = null): Promise<string> {
  const response = checkoutPageWithoutJavascript({
    summary: { ...SUMMARY, payments, blocked, orderable: blocked === null },
    values: { ...EMPTY_CHECKOUT_VALUES, paymentMethod },
    errors: {},
    problem: null,
    lineProblems: {},
    idempotencyKey: "00000000-0000-4000-8000-000000000000",
    discount: null,
    savedAddresses: null,
    canSaveAddress: false,
  });
  return response.text();
}

const checkedRadios = (text: string) =>
  [...text.matchAll(/<input type="radio" name="paymentMethod" value="([a-z_]+)" checked>/g)].map((m) => m[1]);

describe("the checkout's payment choice", () => {
  test("a shop that takes cards offers both, card checked first; the one posted stays checked after a refusal", async () => {
    const fresh = await pageText(paymentOffer(true, true));
    assert.equal([...fresh.matchAll(/name="paymentMethod"/g)].length, 2);
    assert.deepEqual(checkedRadios(fresh), ["card"]);
    assert.ok(!fresh.includes(POD_ONLY_NOTE) && !fresh.includes(CARD_ONLY_NOTE));
    assert.deepEqual(checkedRadios(await pageText(paymentOffer(true, true), "pay_on_delivery")), ["pay_on_delivery"]);
  });

  test("a shop without Stripe keys offers no choice: it posts pay on delivery and says so", async () => {
    const text = await pageText(paymentOffer(false, true));
    assert.deepEqual(
      [...text.matchAll(/name="paymentMethod" value="([a-z_]+)"/g)].map((m) => m[1]),
      ["pay_on_delivery"],
    );
    assert.ok(text.includes('<input type="hidden" name="paymentMethod" value="pay_on_delivery">'));
    assert.ok(text.includes(POD_ONLY_NOTE));
  });

  test("with pay on delivery turned off it offers no choice: it posts card, says so, even where pay on delivery was posted", async () => {
    const text = await pageText(paymentOffer(true, false), "pay_on_delivery");
    assert.ok(text.includes('<input type="hidden" name="paymentMethod" value="card">'));
    assert.equal([...text.matchAll(/name="paymentMethod"/g)].length, 1);
    assert.ok(text.includes(CARD_ONLY_NOTE));
  });

  test("with no way to pay open it posts none and keeps Place order disabled, saying why", async () => {
    assert.deepEqual(paymentOffer(false, false), []);
    const text = await pageText([], "", NO_WAY_TO_PAY);
    assert.ok(!text.includes('name="paymentMethod"'));
    assert.ok(text.includes('disabled aria-describedby="checkout-blocked"') && text.includes(NO_WAY_TO_PAY));
  });

  test("the summary's offer: no keys and pay on delivery off close the checkout with its reason, after a deleted line's", async () => {
    const lamp = {
      id: "lamp",
      name: "Lamp",
      images: [{ src: "/products/lamp.webp", alt: "A lamp" }],
      type: "Electronics" as const,
      priceCents: 1999,
      details: "",
      createdAt: 1,
    };
    const store = (payOnDelivery: boolean, deleted = false) => ({
      listCart: async () => [
        {
          productId: "lamp",
          name: "Lamp",
          image: lamp.images[0].src,
          priceCents: 1999,
          details: "",
          quantity: 1,
          addedAt: 1,
          expiresAt: null,
        },
      ],
      getProduct: async () => (deleted ? null : lamp),
      getStock: async () => new Map([["lamp", null]]),
      getShippingZones: async () => ({ zones: [...DEFAULT_SHIPPING_ZONES], revision: 0 }),
      getPaymentSettings: async () => ({ payOnDelivery, revision: 1 }),
    });
    const owner = "guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab" as const;
    const closed = await checkoutSummary(store(false), owner, { cardsTaken: () => false });
    assert.deepEqual([closed.payments, closed.orderable, closed.blocked], [[], false, NO_WAY_TO_PAY]);
    const cardsOnly = await checkoutSummary(store(false), owner, { cardsTaken: () => true });
    assert.deepEqual([cardsOnly.payments, cardsOnly.orderable, cardsOnly.blocked], [["card"], true, null]);
    const both = await checkoutSummary(store(true), owner, { cardsTaken: () => true });
    assert.deepEqual(both.payments, ["card", "pay_on_delivery"]);
    const gone = await checkoutSummary(store(false, true), owner, { cardsTaken: () => false });
    assert.ok(gone.blocked !== null && gone.blocked !== NO_WAY_TO_PAY, "a deleted line says so first");
  });

  test("the form's parse: card or on delivery as chosen, on delivery when not offered, anything else refused by its field", () => {
    const form = (paymentMethod: string | null) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({
        email: "ada@example.com",
        name: "Ada",
        country: "US",
        line1: "1 Main St",
        city: "Portland",
        region: "OR",
        postalCode: "97201",
      }))
        data.set(name, value);
      if (paymentMethod !== null) data.set("paymentMethod", paymentMethod);
      return parseCheckoutForm(data);
    };
    const method = (parsed: ReturnType<typeof form>) => (parsed.ok ? parsed.details.paymentMethod : parsed.errors);
    assert.equal(method(form("card")), "card");
    assert.equal(method(form("pay_on_delivery")), "pay_on_delivery");
    assert.equal(method(form(null)), "pay_on_delivery");
    assert.deepEqual(method(form("cash")), { paymentMethod: "Choose how to pay." });
  });
});
