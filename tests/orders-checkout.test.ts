/**
 * The checkout's server side (lib/orders): the form's one parse, the guest
 * link's token, who may see an order, and placing an order from a posted
 * form against a real SQLite store: placed once per idempotency key, each
 * refused line named, nothing written on a refusal.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Order } from "@/lib/data/contract/orders";
import type { CartOwner } from "@/lib/data/contract/cart";
import { parseCheckoutForm } from "@/lib/orders/checkout-form";
import { checkoutSummary, decodeExpectedLines } from "@/lib/orders/checkout-lines";
import { SHORT_OF_STOCK_BLOCKS, stockShortfall } from "@/lib/cart/stock-shortfall";
import { guestTokenFor, guestTokenMatches, hashGuestToken } from "@/lib/orders/guest-token";
import { accessTo } from "@/lib/orders/order-access";
import type { OrderingStore } from "@/lib/orders/ordering-store";
import { stepEmail } from "@/lib/orders/emails";
import { CHECKOUT_MESSAGES, placeOrderFromForm, type PlaceOrderRequest } from "@/lib/orders/place-order";
import { StoreError } from "@/lib/data/contract/errors";
import { RETURN_MESSAGES, requestReturnFromForm, type ReturnRequest } from "@/lib/orders/request-return";
import { CHECKOUT_FIELDS as FIELDS, product } from "./helpers/fixtures";
import { formOf } from "./helpers/action-inputs";

describe("the checkout form's parse", () => {
  test("a filled form gives the order's contact and address", () => {
    const parsed = parseCheckoutForm(formOf({ ...FIELDS, email: "  ada@example.com ", country: "us" }));
    assert.equal(parsed.ok, true);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.details.contact, { email: "ada@example.com", name: "Ada Lovelace", phone: "" });
    assert.deepEqual(parsed.details.address, {
      country: "US",
      line1: "1600 Pennsylvania Ave NW",
      line2: "",
      city: "Washington",
      region: "DC",
      postalCode: "20500",
    });
  });

  test("a US address names its state by its code; elsewhere the region is as typed (whether a zone serves it is the store's to say)", () => {
    for (const region of ["", "Illinois", "il", "XX", "PR"]) {
      const parsed = parseCheckoutForm(formOf({ ...FIELDS, region }));
      assert.ok(!parsed.ok, region);
      assert.deepEqual(parsed.errors, { region: "Choose your state." });
    }
    for (const [country, region] of [
      ["GB", ""],
      ["CA", "Ontario"],
      ["DE", "Bavaria"],
    ]) {
      const parsed = parseCheckoutForm(formOf({ ...FIELDS, country, region }));
      assert.ok(parsed.ok, country);
      assert.deepEqual([parsed.details.address.country, parsed.details.address.region], [country, region]);
    }
  });

  test("each bad field gets its own error and every value comes back as typed", () => {
    const parsed = parseCheckoutForm(
      formOf({
        ...FIELDS,
        email: "not-an-email",
        line1: "",
        country: "XYZ",
        name: "A\u0007da",
        postalCode: "9".repeat(17),
        phone: "call me",
      }),
    );
    assert.equal(parsed.ok, false);
    assert.ok(!parsed.ok);
    assert.deepEqual(Object.keys(parsed.errors).sort(), ["country", "email", "line1", "name", "phone", "postalCode"]);
    assert.equal(parsed.errors.email, "Enter an email address like name@example.com.");
    assert.equal(parsed.errors.line1, "Enter your address.");
    assert.equal(parsed.errors.country, "Choose a country.");
    assert.equal(parsed.values.email, "not-an-email");
    assert.equal(parsed.values.city, "Washington");
  });

  test("names and addresses refuse text-direction controls and line separators, each on its own field (issue 38, item 17)", () => {
    const sneaky: Array<[keyof typeof FIELDS, string]> = [
      ["name", "Ada \u202Egnp.exe"],
      ["name", "Ada\u2066 Lovelace\u2069"],
      ["line1", "12 St James\u2028Square"],
      ["line2", "Flat\u20292"],
      ["city", "Lon\u202Adon"],
      ["region", "Greater\u202BLondon"],
      ["postalCode", "SW1Y\u202C4JH"],
      ["line1", "\u202D12 St James's Square"],
      ["city", "\u2067London\u2068"],
    ];
    for (const [field, value] of sneaky) {
      const parsed = parseCheckoutForm(formOf({ ...FIELDS, [field]: value }));
      assert.ok(!parsed.ok, `${field}: ${JSON.stringify(value)}`);
      assert.deepEqual(Object.keys(parsed.errors), [field]);
      assert.match(parsed.errors[field] ?? "", /may not contain text-direction controls or line separators\.$/);
      assert.equal(parsed.values[field], value, "the value comes back as typed");
    }
    // Right-to-left text itself is a name like any other.
    assert.ok(parseCheckoutForm(formOf({ ...FIELDS, name: "\u05E2\u05D3\u05D4 \u05DC\u05D1\u05DC\u05B8\u05D9\u05D9\u05E1" })).ok);
  });

  test("fields that are missing or not text are empty, never thrown", () => {
    const form = new FormData();
    form.set("email", new Blob(["x"]), "file.txt");
    const parsed = parseCheckoutForm(form);
    assert.ok(!parsed.ok);
    assert.equal(parsed.values.email, "");
    assert.equal(parsed.errors.email, "Enter your email address.");
  });

  test("the lines as shown come back only in the page's own shape, within the store's rules for an order's lines", () => {
    assert.deepEqual(decodeExpectedLines(["lamp|1999|2"]), [{ productId: "lamp", unitPriceCents: 1999, quantity: 2 }]);
    for (const bad of [
      [],
      // Dollars, as a page wrote the lines before money was whole cents.
      ["lamp|19.99|2"],
      ["lamp|19.999|2"],
      ["lamp|-1|2"],
      ["../x|1|1"],
      ["lamp|1|1000"],
      ["lamp|1"],
      ["lamp|0|1"],
      ["lamp|0.00|1"],
      ["lamp|1|0"],
      ["lamp|100000001|1"],
      ["lamp|2000|1", "lamp|2000|1"],
    ])
      assert.equal(decodeExpectedLines(bad), null, JSON.stringify(bad));
  });
});

describe("the guest link's token", () => {
  const owner: CartOwner = "guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
  const key = "6f1c2a4e-9b8d-4c3b-8a7e-0123456789ab";

  test("is 256 bits of base64url, the same for the same submit and no other", () => {
    const { token, hash } = guestTokenFor(owner, key, "secret");
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(hash, hashGuestToken(token));
    assert.deepEqual(guestTokenFor(owner, key, "secret"), { token, hash });
    assert.notEqual(guestTokenFor("guest:1b7e4a8e-1f2d-4c3b-9a8e-1234567890ab", key, "secret").token, token);
    assert.notEqual(guestTokenFor(owner, "7f1c2a4e-9b8d-4c3b-8a7e-0123456789ab", "secret").token, token);
    assert.notEqual(guestTokenFor(owner, key, "another secret").token, token);
  });

  test("opens only the order whose hash it matches", () => {
    const { token, hash } = guestTokenFor(owner, key, "");
    assert.equal(guestTokenMatches(token, hash), true);
    assert.equal(guestTokenMatches(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, hash), false);
    for (const bad of [
      null,
      undefined,
      42,
      "",
      "short",
      `${token}x`,
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
    ]) {
      assert.equal(guestTokenMatches(bad, hash), false, String(bad));
    }
    assert.equal(guestTokenMatches(token, null), false);
    assert.equal(guestTokenMatches(token, "not hex"), false);
  });
});

describe("who may see an order", () => {
  const { token, hash } = guestTokenFor("guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab", "6f1c2a4e-9b8d-4c3b-8a7e-0123456789ab", "");
  const guestOrder = {
    uid: null,
    guestTokenHashes: [hash],
    contact: { email: "Ada@Example.com", name: "Ada", phone: "" },
  } as unknown as Order;
  const userOrder = { uid: "u1", guestTokenHashes: [], contact: { email: "bob@example.com", name: "Bob", phone: "" } } as unknown as Order;
  const viewer = (uid: string | null, verified: string | null) => ({ uid, verifiedEmail: async () => verified });

  test("its signed-in owner, a guest with the link's token, an account whose verified email is a guest order's", async () => {
    assert.equal(await accessTo(userOrder, viewer("u1", null), null), "owner");
    assert.equal(await accessTo(guestOrder, viewer(null, null), token), "token");
    assert.equal(await accessTo(guestOrder, viewer("u2", "ada@example.com"), null), "owner");
  });

  test("nobody else: another account, an unverified or other email, a wrong token, a token for a signed-in order", async () => {
    assert.equal(await accessTo(userOrder, viewer("u2", "bob@example.com"), null), "none");
    assert.equal(await accessTo(guestOrder, viewer("u2", null), null), "none");
    assert.equal(await accessTo(guestOrder, viewer("u2", "eve@example.com"), null), "none");
    assert.equal(await accessTo(guestOrder, viewer(null, null), "A".repeat(43)), "none");
    assert.equal(await accessTo(userOrder, viewer(null, null), token), "none");
  });
});

describe("placing an order from the posted form (SQLite)", () => {
  const dir = mkdtempSync(join(tmpdir(), "orders-checkout-"));
  const guest: CartOwner = "guest:2b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
  let store: OrderingStore;
  const placed: string[] = [];
  let request: PlaceOrderRequest;
  const key = (n: number) => `6f1c2a4e-9b8d-4c3b-8a7e-${String(n).padStart(12, "0")}`;

  before(async () => {
    store = await openSqliteStore(join(dir, "store.db"));
    await store.upsertProducts([
      product("lamp", 1, "Electronics", { name: "Desk Lamp", priceCents: 2000 }),
      product("mug", 2, "Book", { name: "Mug", priceCents: 500 }),
    ]);
    request = {
      owner: async () => guest,
      store: async () => store,
      secret: () => "test secret",
      limit: async () => null,
      afterPlaced: (id) => void placed.push(id),
      takesCards: () => false,
    };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("card chosen where the shop takes no cards: refused on its field, nothing placed; where it takes them, a card order awaiting payment", async () => {
    // A cart of its own, so the tests after it find theirs as they left it.
    const cardGuest: CartOwner = "guest:2b7e4a8e-1f2d-4c3b-9a8e-cafecafecafe";
    const cardPlaced: string[] = [];
    const cardRequest: PlaceOrderRequest = { ...request, owner: async () => cardGuest, afterPlaced: (id) => void cardPlaced.push(id) };
    await store.addToLine(cardGuest, "mug", 1);
    const fields = { ...FIELDS, line: "mug|500|1", shipping: "500", tax: "60", discount: "0", paymentMethod: "card" };
    const noCards = await placeOrderFromForm(cardRequest, formOf({ ...fields, idempotencyKey: key(41) }));
    assert.deepEqual(noCards.kind === "invalid" && noCards.errors, {
      paymentMethod: "Card payments are not available at the moment: choose pay on delivery.",
    });
    assert.deepEqual(cardPlaced, []);
    const byCard = await placeOrderFromForm({ ...cardRequest, takesCards: () => true }, formOf({ ...fields, idempotencyKey: key(42) }));
    assert.ok(byCard.kind === "placed", JSON.stringify(byCard));
    assert.deepEqual([byCard.order.paymentMethod, byCard.order.payment, byCard.order.cardSession], ["card", "awaiting", null]);
    assert.deepEqual(cardPlaced, [byCard.order.id]);
  });

  test("pay on delivery turned off: a post choosing it is refused on its field with card checked, nothing placed; turned on again, it is placed", async () => {
    const podGuest: CartOwner = "guest:2b7e4a8e-1f2d-4c3b-9a8e-0ff0ff0ff0ff";
    const podPlaced: string[] = [];
    const podRequest: PlaceOrderRequest = { ...request, owner: async () => podGuest, afterPlaced: (id) => void podPlaced.push(id) };
    await store.addToLine(podGuest, "mug", 1);
    const fields = { ...FIELDS, line: "mug|500|1", shipping: "500", tax: "60", discount: "0", paymentMethod: "pay_on_delivery" };
    const off = await store.setPayOnDelivery(false, (await store.getPaymentSettings()).revision, "admin@example.com");
    try {
      const refused = await placeOrderFromForm(podRequest, formOf({ ...fields, idempotencyKey: key(43) }));
      assert.ok(refused.kind === "invalid", refused.kind);
      assert.deepEqual(refused.errors, { paymentMethod: "Pay on delivery is no longer offered: pay by card." });
      assert.equal(refused.values.paymentMethod, "card");
      assert.deepEqual(podPlaced, []);
      assert.equal((await store.listCart(podGuest)).length, 1, "the cart is kept");
    } finally {
      await store.setPayOnDelivery(true, off.revision, "admin@example.com");
    }
    const placedNow = await placeOrderFromForm(podRequest, formOf({ ...fields, idempotencyKey: key(44) }));
    assert.ok(placedNow.kind === "placed", placedNow.kind);
    assert.deepEqual([placedNow.order.paymentMethod, placedNow.order.payment], ["pay_on_delivery", "due"]);
  });

  test("a bill the zones and the tax table do not give refuses the order with the figures now; an unpriced post gets its bill first; an address no zone serves is its field's error", async () => {
    await store.addToLine(guest, "lamp", 2);
    const toAlaska = { ...FIELDS, region: "AK", city: "Juneau", postalCode: "99801", line: "lamp|2000|2" };
    const changed = await placeOrderFromForm(
      request,
      formOf({ ...toAlaska, idempotencyKey: key(21), shipping: "500", tax: "0", discount: "0" }),
    );
    assert.ok(changed.kind === "refused", changed.kind);
    assert.equal(
      changed.problem,
      "The discount, shipping or tax for this address is not what was shown, so your order was not placed. Shipping (Alaska and Hawaii) is $15.00 and no sales tax is due: the total is $55.00 USD. Check it and place your order again.",
    );
    const taxChanged = await placeOrderFromForm(
      request,
      formOf({ ...FIELDS, line: "lamp|2000|2", idempotencyKey: key(25), shipping: "500", tax: "0", discount: "0" }),
    );
    assert.ok(taxChanged.kind === "refused", taxChanged.kind);
    assert.match(
      taxChanged.problem,
      /sales tax \(District of Columbia, 6%\) is \$2\.70: the total is \$47\.70 USD\. Check it and place your order again\.$/,
    );
    // A page that priced nothing (no JavaScript, the address typed but never shown priced): the bill, before anything is placed.
    const unshown = await placeOrderFromForm(
      request,
      formOf({ ...toAlaska, idempotencyKey: key(22), shipping: "", tax: "", discount: "0" }),
    );
    assert.ok(unshown.kind === "refused", unshown.kind);
    assert.equal(
      unshown.problem,
      "Shipping (Alaska and Hawaii) is $15.00 and no sales tax is due: the total is $55.00 USD. Check it and place your order.",
    );
    const abroad = { ...FIELDS, country: "GB", region: "", city: "London", postalCode: "SW1Y 4JH", line: "lamp|2000|2" };
    for (const [i, shown] of [
      ["500", "0"],
      ["", ""],
    ].entries()) {
      const unserved = await placeOrderFromForm(
        request,
        formOf({ ...abroad, idempotencyKey: key(26 + i), shipping: shown[0], tax: shown[1], discount: "0" }),
      );
      assert.deepEqual(unserved.kind === "invalid" && unserved.errors, {
        country: "We do not ship to this address. Choose a country and state we ship to.",
      });
    }
    for (const [shipping, tax] of [
      ["-5", "0"],
      ["1500", "-1"],
      ["1500", "1.5"],
    ]) {
      const forged = await placeOrderFromForm(request, formOf({ ...toAlaska, idempotencyKey: key(23), shipping, tax, discount: "0" }));
      assert.ok(forged.kind === "refused" && /out of date/.test(forged.problem), `${shipping} ${tax}`);
    }
    assert.equal((await store.listCart(guest)).length, 1, "nothing written");
    assert.deepEqual(placed, []);
    await store.removeLine(guest, "lamp");
  });

  test("a code: the first post answers with what it takes off, the next places it; at its limit it is refused on its field", async () => {
    await store.createDiscount(
      {
        code: "TEN-ONCE",
        kind: "percent",
        value: 10,
        minSubtotalCents: 0,
        startsAt: null,
        endsAt: null,
        maxUses: 1,
        maxUsesPerEmail: null,
      },
      "admin@example.com",
    );
    await store.addToLine(guest, "lamp", 2);
    const typed = { ...FIELDS, discountCode: " ten-once ", line: "lamp|2000|2", shipping: "500", tax: "270" };
    // A code just typed is not priced on the page: its figure is empty.
    const first = await placeOrderFromForm(request, formOf({ ...typed, idempotencyKey: key(31), discount: "" }));
    assert.ok(first.kind === "refused", first.kind);
    // $40.00 less 10 %: $36.00, shipping $5.00, DC's 6 % of $41.00: $2.46.
    assert.equal(
      first.problem,
      "The code TEN-ONCE takes $4.00 off. Shipping (Contiguous United States) is $5.00 and sales tax (District of Columbia, 6%) is $2.46: the total is $43.46 USD. Check it and place your order.",
    );
    assert.deepEqual(first.discount, { code: "TEN-ONCE", cents: 400 });
    assert.deepEqual(placed, []);
    const second = await placeOrderFromForm(request, formOf({ ...typed, idempotencyKey: key(31), tax: "246", discount: "400" }));
    assert.ok(second.kind === "placed", second.kind);
    const order = (await store.getOrder(second.order.id))!;
    assert.deepEqual([order.discountCode, order.discountCents, order.totalCents], ["TEN-ONCE", 400, 4346]);

    await store.addToLine(guest, "mug", 1);
    const usedUp = await placeOrderFromForm(
      request,
      formOf({ ...FIELDS, discountCode: "TEN-ONCE", line: "mug|500|1", idempotencyKey: key(32), shipping: "500", tax: "60", discount: "" }),
    );
    assert.deepEqual(usedUp.kind === "invalid" && usedUp.errors, { discountCode: "The code “TEN-ONCE” has been used up." });
    // The store not answering while the code is priced: the shopper is told so, nothing is placed (never a fault).
    const silent: PlaceOrderRequest = {
      ...request,
      store: async () =>
        new Proxy(store, {
          get: (target, name) =>
            name === "getDiscount"
              ? async () => {
                  throw new StoreError("unavailable", "Firestore did not answer within 10 s");
                }
              : Reflect.get(target, name),
        }),
    };
    const unanswered = await placeOrderFromForm(
      silent,
      formOf({ ...FIELDS, discountCode: "TEN-ONCE", line: "mug|500|1", idempotencyKey: key(34), shipping: "500", tax: "60", discount: "" }),
    );
    assert.deepEqual([unanswered.kind, "problem" in unanswered && unanswered.problem], ["unavailable", CHECKOUT_MESSAGES.unavailable]);
    const malformed = await placeOrderFromForm(
      request,
      formOf({
        ...FIELDS,
        discountCode: "no spaces!",
        line: "mug|500|1",
        idempotencyKey: key(33),
        shipping: "500",
        tax: "60",
        discount: "",
      }),
    );
    assert.deepEqual(malformed.kind === "invalid" && malformed.errors, { discountCode: "A code is 3 to 32 letters, digits or dashes." });
    assert.equal((await store.listCart(guest)).length, 1, "nothing written");
    await store.removeLine(guest, "mug");
    placed.length = 0;
  });

  test("a price changed since the page was shown refuses the order, names the line, writes nothing", async () => {
    await store.addToLine(guest, "lamp", 2);
    const outcome = await placeOrderFromForm(
      request,
      formOf({ ...FIELDS, shipping: "500", tax: "270", discount: "0", idempotencyKey: key(1), line: "lamp|1950|2" }),
    );
    assert.equal(outcome.kind, "refused");
    assert.ok(outcome.kind === "refused");
    assert.match(outcome.lineProblems.lamp ?? "", /The price of “Desk Lamp” changed/);
    assert.equal(outcome.values.email, FIELDS.email);
    assert.equal((await store.listCart(guest)).length, 1);
    assert.deepEqual(placed, []);
  });

  test("an order over its client's or recipient's limit is refused in the limit's words, before the store is asked (issue 38, item 17)", async () => {
    await store.addToLine(guest, "mug", 1);
    let asked: string | null = null;
    const limited: PlaceOrderRequest = {
      ...request,
      limit: async (recipient) => {
        asked = recipient;
        return "Too many orders to this email address in a short time. Please try again in 60 minutes.";
      },
      store: async () => {
        throw new Error("the store is not asked once the limit refused");
      },
    };
    const outcome = await placeOrderFromForm(
      limited,
      formOf({ ...FIELDS, shipping: "500", tax: "60", discount: "0", idempotencyKey: key(9), line: "mug|500|1" }),
    );
    assert.equal(outcome.kind, "limited");
    assert.ok(outcome.kind === "limited");
    assert.match(outcome.problem, /^Too many orders to this email address/);
    assert.equal(outcome.values.name, FIELDS.name, "what was typed comes back");
    assert.equal(asked, FIELDS.email, "the limit is asked for the order's recipient");
    assert.deepEqual(placed, []);
    assert.equal((await store.listCart(guest)).find((line) => line.productId === "mug")?.quantity, 1, "the cart is kept");
    // An invalid form is not counted: the limit is never asked.
    asked = null;
    assert.equal(
      (
        await placeOrderFromForm(
          limited,
          formOf({ ...FIELDS, shipping: "500", tax: "60", discount: "0", name: "", idempotencyKey: key(9), line: "mug|500|1" }),
        )
      ).kind,
      "invalid",
    );
    assert.equal(asked, null);
    await store.removeLine(guest, "mug");
  });

  test("a line with more units than are in stock says so at once and keeps Place order disabled with the reason (issue 38, item 10)", async () => {
    await store.addToLine(guest, "mug", 3);
    const mugLine = async () => {
      const summary = await checkoutSummary(store, guest);
      return { summary, line: summary.lines.find((line) => line.productId === "mug")! };
    };
    let { summary, line } = await mugLine();
    assert.equal(line.stockProblem, null, "not tracked: nothing to say");
    assert.equal(summary.blocked, null);
    await store.setStock("mug", 2, null);
    ({ summary, line } = await mugLine());
    assert.equal(line.stockProblem, "Only 2 left: lower the quantity to 2 to order it.");
    assert.equal(summary.orderable, false);
    assert.equal(summary.blocked, SHORT_OF_STOCK_BLOCKS);
    await store.setStock("mug", 0, 2);
    ({ summary, line } = await mugLine());
    assert.equal(line.stockProblem, "Out of stock: delete it from your cart to order the rest.");
    assert.equal(summary.orderable, false);
    await store.setStock("mug", 3, 0);
    ({ summary, line } = await mugLine());
    assert.equal(line.stockProblem, null, "exactly enough");
    assert.equal(summary.blocked, null);
    assert.equal(summary.orderable, true);
    await store.setStock("mug", null, 3);
    await store.removeLine(guest, "mug");
    // The same words on every page: the rule itself.
    assert.equal(stockShortfall(1, null), null);
    assert.equal(stockShortfall(5, 5), null);
    assert.equal(stockShortfall(6, 5), "Only 5 left: lower the quantity to 5 to order it.");
    assert.equal(stockShortfall(1, 0), "Out of stock: delete it from your cart to order the rest.");
  });

  test("a page that was not the checkout's (no key, bad lines) places nothing", async () => {
    const pages: Array<Record<string, string>> = [
      { line: "lamp|2000|2" },
      { idempotencyKey: "1", line: "lamp|2000|2" },
      { idempotencyKey: key(2), line: "lamp|2000" },
    ];
    for (const fields of pages) {
      const outcome = await placeOrderFromForm(request, formOf({ ...FIELDS, shipping: "500", tax: "270", discount: "0", ...fields }));
      assert.equal(outcome.kind, "refused", JSON.stringify(fields));
    }
    assert.deepEqual(placed, []);
  });

  test("the figures shown place one order, however often the same submit is sent; the cart is emptied", async () => {
    const form = () => formOf({ ...FIELDS, shipping: "500", tax: "270", discount: "0", idempotencyKey: key(3), line: "lamp|2000|2" });
    const [first, second] = await Promise.all([placeOrderFromForm(request, form()), placeOrderFromForm(request, form())]);
    assert.ok(first.kind === "placed" && second.kind === "placed");
    assert.equal(first.order.id, second.order.id);
    assert.equal(first.path, second.path);
    assert.match(first.path, /^\/orders-page\/[A-Za-z0-9_-]+\?token=[A-Za-z0-9_-]{43}$/);
    assert.equal(placed.length, 1, "the emails are sent once, for the order created");
    const order = await store.getOrder(first.order.id);
    assert.ok(order);
    assert.equal(order.uid, null);
    // $40.00 of lines, the contiguous zone's $5.00, and DC's 6 % of both.
    assert.deepEqual(
      [order.subtotalCents, order.shippingCents, order.taxCents, order.taxRate, order.totalCents],
      [4000, 500, 270, 6000, 4770],
    );
    assert.equal(order.shippingZone, "Contiguous United States");
    assert.deepEqual(order.guestTokenHashes, [hashGuestToken(first.guestToken!)]);
    assert.deepEqual(await store.listCart(guest), []);
    const again = await placeOrderFromForm(request, form());
    assert.ok(again.kind === "placed" && again.order.id === first.order.id && !again.created);
  });

  test("a delivered order's return: its owner's only, a reason required, once, on the revision shown", async () => {
    await store.addToLine(guest, "mug", 1);
    const outcome = await placeOrderFromForm(
      request,
      formOf({ ...FIELDS, shipping: "500", tax: "60", discount: "0", idempotencyKey: key(4), line: "mug|500|1" }),
    );
    assert.ok(outcome.kind === "placed" && outcome.guestToken);
    let order = (await store.getOrder(outcome.order.id))!;
    const admin = (step: "ship" | "deliver", note = "") =>
      store.takeOrderStep(order.id, {
        step,
        expectedRevision: order.revision,
        by: "admin@example.com",
        note,
        email: stepEmail(step),
      });
    const fields = (extra: Record<string, string>) =>
      formOf({ orderId: order.id, revision: String(order.revision), token: outcome.guestToken!, ...extra });
    const returns: ReturnRequest = {
      uid: async () => null,
      store: async () => store,
      afterStep: () => {},
      limitTokenLookup: async () => null,
    };

    assert.equal(
      (await requestReturnFromForm(returns, fields({ reason: "Too small" }))).error,
      RETURN_MESSAGES.closed,
      "not delivered yet",
    );
    order = await admin("ship", "TRACK-1");
    order = await admin("deliver");
    assert.equal((await requestReturnFromForm(returns, fields({ reason: "   " }))).error, RETURN_MESSAGES.reason);
    assert.equal(
      (await requestReturnFromForm(returns, fields({ reason: "Too small", token: "A".repeat(43) }))).error,
      RETURN_MESSAGES.notFound,
    );
    assert.equal(
      (await requestReturnFromForm(returns, fields({ reason: "Too small", revision: String(order.revision - 1) }))).error,
      RETURN_MESSAGES.closed,
    );
    assert.equal((await store.getOrder(order.id))!.returnState, null, "nothing written by a refusal");

    const done = await requestReturnFromForm(returns, fields({ reason: "  Too small  " }));
    assert.deepEqual(done, { reason: "", error: null, done: true });
    const returned = (await store.getOrder(order.id))!;
    assert.equal(returned.returnState, "requested");
    assert.equal(returned.returnReason, "Too small");
    assert.equal(returned.history.at(-1)?.by, "shopper");
    assert.equal(
      (
        await requestReturnFromForm(
          returns,
          formOf({ orderId: order.id, revision: String(returned.revision), token: outcome.guestToken!, reason: "Again" }),
        )
      ).error,
      RETURN_MESSAGES.closed,
    );
    // Thirty days after delivery the window is shut, whatever the form says.
    const late = returned.deliveredAt! + 30 * 24 * 60 * 60 * 1000;
    assert.equal((await requestReturnFromForm(returns, fields({ reason: "Late" }), late)).error, RETURN_MESSAGES.closed);
  });

  test("a return reason typed over several lines is kept as one line, never refused by the store (a 500)", async () => {
    await store.addToLine(guest, "mug", 1);
    const outcome = await placeOrderFromForm(
      request,
      formOf({ ...FIELDS, shipping: "500", tax: "60", discount: "0", idempotencyKey: key(5), line: "mug|500|1" }),
    );
    assert.ok(outcome.kind === "placed" && outcome.guestToken);
    let order = (await store.getOrder(outcome.order.id))!;
    for (const [step, note] of [
      ["ship", "TRACK-2"],
      ["deliver", ""],
    ] as const)
      order = await store.takeOrderStep(order.id, {
        step,
        expectedRevision: order.revision,
        by: "admin@example.com",
        note,
        email: stepEmail(step),
      });
    const returns: ReturnRequest = {
      uid: async () => null,
      store: async () => store,
      afterStep: () => {},
      limitTokenLookup: async () => null,
    };
    const fields = (reason: string) => formOf({ orderId: order.id, revision: String(order.revision), token: outcome.guestToken!, reason });

    const done = await requestReturnFromForm(returns, fields("It broke.\r\nThe box\u2028was open.\n\n\tSorry"));
    assert.deepEqual(done, { reason: "", error: null, done: true });
    assert.equal((await store.getOrder(order.id))!.returnReason, "It broke. The box was open. Sorry");
    // Other control characters cannot be typed as a line break would; they are refused at the form, in words.
    const refused = await requestReturnFromForm(returns, fields("\u0007 beep"));
    assert.deepEqual(refused, { reason: "\u0007 beep", error: RETURN_MESSAGES.characters, done: false });
  });

  test("a guest token in the return form counts as a look-up by token: once the client is limited, nothing is read or written", async () => {
    const limited = "Too many order look-ups from your network in a short time. Please try again in 42 seconds.";
    let asked = 0;
    const returns: ReturnRequest = {
      uid: async () => null,
      store: async () => {
        asked += 1;
        return store;
      },
      afterStep: () => {},
      limitTokenLookup: async () => limited,
    };
    const refused = await requestReturnFromForm(
      returns,
      formOf({ orderId: "ord_any", revision: "1", token: "A".repeat(43), reason: "Why" }),
    );
    assert.deepEqual(refused, { reason: "Why", error: limited, done: false });
    assert.equal(asked, 0, "the store was not asked");
    // Without a token (the signed-in owner's form) nothing is counted.
    let counted = 0;
    const owner: ReturnRequest = { ...returns, limitTokenLookup: async () => (counted++, limited) };
    await requestReturnFromForm(owner, formOf({ orderId: "ord_any", revision: "1", reason: "Why" }));
    assert.equal(counted, 0);
  });
});
