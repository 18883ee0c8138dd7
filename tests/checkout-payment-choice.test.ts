/**
 * How the checkout asks how to pay (issue 40): where the shop takes cards,
 * "Pay by card" (checked first) or "Pay on delivery", the one posted kept
 * after a refusal; where it has no Stripe keys, no choice and a sentence
 * saying payment is on delivery. On the page without JavaScript, whose
 * HTML is the server's string; the React form renders the same choices
 * from the same list (PAYMENT_CHOICES), as e2e checkout specs see.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/data/contract/shipping";
import { EMPTY_CHECKOUT_VALUES, POD_ONLY_NOTE } from "@/lib/orders/checkout-fields";
import { parseCheckoutForm } from "@/lib/orders/checkout-form";
import { checkoutPageWithoutJavascript } from "@/lib/no-script/checkout-page";

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

async function pageText(takesCards: boolean, paymentMethod = ""): Promise<string> {
  const response = checkoutPageWithoutJavascript({
    summary: SUMMARY,
    values: { ...EMPTY_CHECKOUT_VALUES, paymentMethod },
    errors: {},
    problem: null,
    lineProblems: {},
    idempotencyKey: "00000000-0000-4000-8000-000000000000",
    discount: null,
    takesCards,
  });
  return response.text();
}

const checkedRadios = (text: string) =>
  [...text.matchAll(/<input type="radio" name="paymentMethod" value="([a-z_]+)" checked>/g)].map((m) => m[1]);

describe("the checkout's payment choice", () => {
  test("a shop that takes cards offers both, card checked first; the one posted stays checked after a refusal", async () => {
    const fresh = await pageText(true);
    assert.equal([...fresh.matchAll(/name="paymentMethod"/g)].length, 2);
    assert.deepEqual(checkedRadios(fresh), ["card"]);
    assert.ok(!fresh.includes(POD_ONLY_NOTE));
    assert.deepEqual(checkedRadios(await pageText(true, "pay_on_delivery")), ["pay_on_delivery"]);
  });

  test("a shop without Stripe keys offers no choice and says payment is on delivery", async () => {
    const text = await pageText(false);
    assert.ok(!text.includes('name="paymentMethod"'));
    assert.ok(text.includes(POD_ONLY_NOTE));
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
