/**
 * One order summary (lib/orders/order-summary.ts) for every surface, and the
 * emails written from it (lib/orders/emails.ts): the words are the state
 * table's, the address its country's, and what a shopper typed is text,
 * never a template.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import { addressLines } from "@/lib/orders/address-lines";
import { confirmationEmail, stepEmail } from "@/lib/orders/emails";
import { orderSummary, summaryText } from "@/lib/orders/order-summary";

const PLACED = Date.UTC(2026, 10, 25, 23, 12);

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: "order-id-0123456789abcd",
    reference: "K7PM-2QX9-HT4D",
    owner: "guest:g1",
    uid: null,
    guestTokenHashes: ["a".repeat(64)],
    lines: [
      { productId: "lamp", name: "Desk Lamp", image: "/products/lamp.webp", unitPriceCents: 3999, quantity: 2 },
      { productId: "mug", name: "Mug", image: "/products/mug.webp", unitPriceCents: 1250, quantity: 1 },
    ],
    subtotalCents: 9248,
    shippingCents: 0,
    shippingZone: "Contiguous United States",
    // Oregon has no sales tax.
    taxCents: 0,
    taxRate: 0,
    discountCode: "",
    discountCents: 0,
    totalCents: 9248,
    contact: { email: "ada@example.com", name: "Ada Lovelace", phone: "+1 503 555 0142" },
    address: { country: "US", line1: "1221 SW 4th Ave", line2: "Suite 2", city: "Portland", region: "OR", postalCode: "97204" },
    fulfilment: "placed",
    payment: "due",
    paymentMethod: "pay_on_delivery",
    cardSession: null,
    cardRefunds: [],
    trackingNumber: null,
    returnState: null,
    returnReason: null,
    placedAt: PLACED,
    deliveredAt: null,
    revision: 0,
    history: [{ at: PLACED, by: "shopper", step: "place", from: "", to: "placed", note: "" }],
    erasedAt: null,
    ...overrides,
  };
}

describe("an address as its country writes it", () => {
  test("the United States: city, state and ZIP on one line, the suite under the street", () => {
    assert.deepEqual(addressLines(order().address), ["1221 SW 4th Ave", "Suite 2", "Portland, OR 97204", "United States"]);
  });
  test("Germany: the postal code before the city; the United Kingdom: the postcode on its own line", () => {
    const de = { country: "DE", line1: "Unter den Linden 5", line2: "", city: "Berlin", region: "", postalCode: "10117" };
    assert.deepEqual(addressLines(de), ["Unter den Linden 5", "10117 Berlin", "Germany"]);
    const gb = { country: "GB", line1: "10 Downing Street", line2: "", city: "London", region: "", postalCode: "SW1A 2AA" };
    assert.deepEqual(addressLines(gb), ["10 Downing Street", "London", "SW1A 2AA", "United Kingdom"]);
  });
});

describe("the order summary", () => {
  test("lines, totals, states and address, in the shopper's words", () => {
    const summary = orderSummary(order(), "shopper");
    assert.deepEqual(summary.lines, [
      { productId: "lamp", name: "Desk Lamp", quantity: 2, amount: "$79.98" },
      { productId: "mug", name: "Mug", quantity: 1, amount: "$12.50" },
    ]);
    assert.deepEqual(
      summary.totals.map((t) => [t.label, t.amount, t.grand]),
      [
        ["Subtotal", "$92.48", false],
        ["Shipping (Contiguous United States)", "Free", false],
        ["Total", "$92.48 USD", true],
      ],
    );
    assert.deepEqual(
      summary.states.map((s) => [s.label, s.value]),
      [
        ["Delivery", "Placed, not shipped yet"],
        ["Payment", "Due on delivery"],
      ],
    );
    assert.equal(summary.placed, "Nov 25, 2026, 11:12 PM UTC");
    assert.deepEqual(summary.contact, { name: "Ada Lovelace", email: "ada@example.com", phone: "+1 503 555 0142" });
    assert.deepEqual(summary.address, ["1221 SW 4th Ave", "Suite 2", "Portland, OR 97204", "United States"]);
  });

  test("shipping as charged, named by its zone; an order from before zones names none", () => {
    const alaska = order({ shippingCents: 1500, shippingZone: "Alaska and Hawaii", totalCents: 10748 });
    assert.deepEqual(
      orderSummary(alaska, "desk").totals.map((t) => [t.label, t.amount]),
      [
        ["Subtotal", "$92.48"],
        ["Shipping (Alaska and Hawaii)", "$15.00"],
        ["Total", "$107.48 USD"],
      ],
    );
    assert.match(confirmationEmail(null)(alaska).text, /^Shipping \(Alaska and Hawaii\): \$15\.00$/m);
    assert.equal(orderSummary(order({ shippingZone: "" }), "shopper").totals[1].label, "Shipping");
  });

  test("sales tax as charged, its own line with its state and rate, in the summary and the email; none shown where none was due", () => {
    const illinois = order({
      address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
      shippingCents: 500,
      taxCents: 609,
      taxRate: 6250,
      totalCents: 10357,
    });
    assert.deepEqual(
      orderSummary(illinois, "shopper").totals.map((t) => [t.label, t.amount]),
      [
        ["Subtotal", "$92.48"],
        ["Shipping (Contiguous United States)", "$5.00"],
        ["Sales tax (Illinois, 6.25%)", "$6.09"],
        ["Total", "$103.57 USD"],
      ],
    );
    assert.match(confirmationEmail(null)(illinois).text, /^Sales tax \(Illinois, 6\.25%\): \$6\.09$/m);
    assert.deepEqual(
      orderSummary(order(), "desk").totals.map((t) => t.label),
      ["Subtotal", "Shipping (Contiguous United States)", "Total"],
    );
  });

  test("one bill on every surface: lines, the code's discount, shipping, tax and total, in that order, in the summary and the email", () => {
    // $92.48 less $9.25 (10 %): $83.23 of goods, shipped free over $50.00; Illinois 6.25 % of them: $5.20.
    const coded = order({
      address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
      discountCode: "WELCOME-10",
      discountCents: 925,
      taxCents: 520,
      taxRate: 6250,
      totalCents: 8843,
    });
    const expected = [
      ["Subtotal", "$92.48"],
      ["Discount (WELCOME-10)", "−$9.25"],
      ["Shipping (Contiguous United States)", "Free"],
      ["Sales tax (Illinois, 6.25%)", "$5.20"],
      ["Total", "$88.43 USD"],
    ];
    assert.deepEqual(
      orderSummary(coded, "desk").totals.map((t) => [t.label, t.amount]),
      expected,
    );
    const text = confirmationEmail(null)(coded).text;
    assert.ok(text.includes(expected.map(([label, amount]) => `${label}: ${amount}`).join("\n")), text);
  });

  test("a cancelled order that was never paid owes nothing, on every surface", () => {
    const cancelled = order({ fulfilment: "cancelled", payment: "voided" });
    assert.equal(orderSummary(cancelled, "shopper").states[1].value, "Nothing is due");
    assert.equal(orderSummary(cancelled, "desk").states[1].value, "Nothing due");
    assert.match(stepEmail("cancel")(cancelled).text, /^Payment: Nothing is due$/m);
  });

  test("an erased order shows no contact and no address", () => {
    const erased = order({
      contact: { email: "erased", name: "", phone: "" },
      address: { country: "", line1: "", line2: "", city: "", region: "", postalCode: "" },
      erasedAt: PLACED + 1,
    });
    const summary = orderSummary(erased, "desk");
    assert.equal(summary.contact, null);
    assert.equal(summary.address, null);
    assert.doesNotMatch(summaryText(summary), /Shipping to/);
  });
});

describe("the emails, written from the order", () => {
  test("the confirmation shows what the order page shows: lines, subtotal, shipping, total, payment, address, date", () => {
    const mail = confirmationEmail("guest-token-123")(order());
    assert.equal(mail.subject, "Your order K7PM-2QX9-HT4D");
    assert.equal(mail.to, "ada@example.com");
    for (const part of [
      "Order K7PM-2QX9-HT4D, placed Nov 25, 2026, 11:12 PM UTC",
      "- Desk Lamp × 2: $79.98",
      "Subtotal: $92.48",
      "Shipping (Contiguous United States): Free",
      "Total: $92.48 USD",
      "Payment: Due on delivery",
      "Portland, OR 97204",
      "/orders-page/order-id-0123456789abcd?token=guest-token-123",
    ]) {
      assert.ok(mail.text.includes(part), `missing ${JSON.stringify(part)} in\n${mail.text}`);
    }
    assert.doesNotMatch(mail.text, /paid on delivery/i);
  });

  test("what a shopper typed is text: a name holding {orderId} or {reference} stays as typed", () => {
    const typed = order({ contact: { email: "ada@example.com", name: "{orderId} {reference}", phone: "" } });
    const mail = confirmationEmail("t")(typed);
    assert.ok(mail.text.startsWith("Hello {orderId} {reference},"));
    assert.ok(mail.text.includes("\n{orderId} {reference}\n1221 SW 4th Ave"));
  });

  test("a step's email carries its note, from the order's history, and the summary after the step", () => {
    const shipped = order({
      fulfilment: "shipped",
      trackingNumber: "1Z 999",
      revision: 1,
      history: [
        ...order().history,
        { at: PLACED + 5, by: "admin@example.com", step: "ship", from: "placed", to: "shipped", note: "1Z 999" },
      ],
    });
    const mail = stepEmail("ship")(shipped);
    assert.equal(mail.subject, "Your order K7PM-2QX9-HT4D: shipped");
    assert.match(mail.text, /Your order has shipped\. Tracking number: 1Z 999\./);
    assert.match(mail.text, /^Delivery: Shipped \(tracking number 1Z 999\)$/m);
    assert.match(
      mail.text,
      /Open your order through the link in your confirmation email, or ask for a new link at https?:\/\/[^ ]+\/find-order with this email address and the reference K7PM-2QX9-HT4D\./,
    );
  });
});
