/**
 * Fuzzes "Place order" (placeOrderFromForm, the server half both the React
 * checkout and the page without JavaScript end in) against a real store:
 * for a real cart, generated posts mixing good and hostile contact fields
 * (missing, huge, control and script characters, files where text belongs,
 * repeated), good and wrong idempotency keys, and the lines as shown either
 * exactly as the checkout renders them or forged (a price off, another
 * quantity, a product not in the cart or deleted, a line left out or sent
 * twice, malformed encodings), on carts with lines out of stock, deleted or
 * emptied since. Each outcome is "invalid", "refused" or "placed", never a
 * throw nor "unavailable"; whatever is not placed writes nothing (no order,
 * the cart intact, nothing in the outbox, stock unchanged); a placed order is
 * the cart exactly, at the catalogue's prices, with its stock taken and one
 * email in the outbox, and the same submit sent again writes nothing.
 * On SQLite every table is compared byte-for-byte; on the Firestore emulator
 * (when FIRESTORE_EMULATOR_HOST is set: npm run test:unit sets it) no
 * document may be committed (tests/helpers/fuzz-backends.ts). Which posts
 * must be placed is decided here from the cart itself, not by the app's parse.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import type { CartOwner } from "@/lib/data/contract/cart";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/data/contract/shipping";
import { billFor } from "@/lib/data/rules/bill";
import type { Store } from "@/lib/data/contract/store";
import { CHECKOUT_MESSAGES, placeOrderFromForm, type CheckoutOutcome, type PlaceOrderRequest } from "@/lib/orders/place-order";
import { FUZZ_SEED, RunCounter, SCRIPT_PAYLOADS, TRICKY_CHARS, hostileText, hugeString } from "../helpers/bad-inputs";
import { product } from "../helpers/fixtures";
import { fuzzBackends, type FuzzBackend } from "../helpers/fuzz-backends";

const RUNS = { SQLite: 250, Firestore: 60 };

/** The catalogue: prices in whole dollars and cents; stock tracked (plenty, or one unit) or not. */
const PRODUCTS = [
  { id: "fz-lamp", priceCents: 2000, stock: 1_000_000 },
  { id: "fz-mug", priceCents: 500, stock: null },
  { id: "fz-pen", priceCents: 1234, stock: null },
  { id: "fz-chair", priceCents: 14999, stock: 1_000_000 },
  { id: "fz-scarce", priceCents: 750, stock: 1 }, // set again by each run
] as const;
const NOT_IN_ANY_CART = "fz-book";

/** Contact and address fields that are good by the spec's form (DECISIONS "Orders"): email, name, a country the shop ships to, an address, a city, a postal code. */
const GOOD_FIELDS = fc.record({
  email: fc.constantFrom("ada@example.com", "Grace.Hopper+shop@example.org", "x@y.io"),
  name: fc.constantFrom("Ada Lovelace", "Caf\u00e9 \u00d6zt\u00fcrk", "\u674e\u534e", "O'Brien-Smith"),
  phone: fc.constantFrom("", "+44 20 7946 0958", "(555) 010-0199"),
  country: fc.constantFrom("US", "us", " US "),
  line1: fc.constantFrom("12 St James's Square", "1 Main St", "Stra\u00dfe 5"),
  line2: fc.constantFrom("", "Flat 3", "Suite 100"),
  city: fc.constantFrom("London", "Springfield", "M\u00fcnchen"),
  region: fc.constantFrom("IL", "NY", "AK", "DC"),
  postalCode: fc.constantFrom("SW1Y 4JH", "62701", "80331"),
});
const FIELD_NAMES = ["email", "name", "phone", "country", "line1", "line2", "city", "region", "postalCode"] as const;

/** A value where a field's text belongs: hostile text, huge text, a file, or the field left out. */
type Posted = string | { file: string } | null;
const hostileValue: fc.Arbitrary<Posted> = fc.oneof(
  hostileText(),
  hugeString(1_001, 200_000),
  fc.constantFrom(...SCRIPT_PAYLOADS),
  fc.constantFrom(...TRICKY_CHARS).map((c) => `Ada${c}Lovelace`),
  fc.record({ file: fc.string({ maxLength: 20 }) }),
  fc.constant(null),
);

/** The contact and address posted: all good, or some fields replaced by hostile values (which may still happen to be good). */
const contactFields = fc.oneof(
  { weight: 2, arbitrary: GOOD_FIELDS.map((fields) => ({ fields: fields as Record<string, Posted>, good: true })) },
  fc.tuple(GOOD_FIELDS, fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 9 })).map(([fields, bad]) => ({
    fields: { ...fields, ...bad } as Record<string, Posted>,
    good: false,
  })),
);

/** A key the checkout page draws (a random UUID v4, lower case), or one it never draws. */
const keyOf = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: "good" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "reused" as const }) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        hostileText(),
        fc.constantFrom(
          "",
          "1",
          "6F1C2A4E-9B8D-4C3B-8A7E-0123456789AB",
          "6f1c2a4e-9b8d-1c3b-8a7e-0123456789ab",
          "6f1c2a4e9b8d4c3b8a7e0123456789ab",
          "6f1c2a4e-9b8d-4c3b-8a7e-0123456789ab\n",
        ),
        fc.uuid({ version: 1 }),
      )
      .map((text) => ({ kind: "bad" as const, text })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "missing" as const }) },
);

/** How the lines as shown are posted: exactly as the page renders them, or forged. */
const LINE_FORGERIES = ["exact", "price", "quantity", "unknown", "not-in-cart", "left-out", "twice", "malformed", "none"] as const;
type LineForgery = (typeof LINE_FORGERIES)[number];
const linesOf = fc.record({
  forgery: fc.oneof(
    { weight: 14, arbitrary: fc.constant<LineForgery>("exact") },
    { weight: 8, arbitrary: fc.constantFrom(...LINE_FORGERIES.filter((f) => f !== "exact")) },
  ),
  pick: fc.nat(),
  cents: fc.integer({ min: 1, max: 100_000 }).chain((c) => fc.constantFrom(c, -c)),
  quantity: fc.integer({ min: 1, max: 999 }),
  malformed: fc.oneof(
    hostileText(),
    fc.constantFrom(
      "fz-lamp|20|2|x",
      "fz-lamp|20",
      "fz-lamp||2",
      "fz-lamp|20.001|2",
      // Dollars, as the page wrote prices before they were whole cents: a page that old is refused as stale.
      "fz-lamp|20.00|2",
      "fz-lamp|-20|2",
      "fz-lamp|20|0002",
      "fz-lamp|20|1000",
      "../fz-lamp|20|2",
      "fz-lamp|2e1|2",
      "fz-lamp|20|2 ",
      " fz-lamp|20|2",
      "fz-lamp|20,00|2",
      "fz lamp|20|2",
      "fz-lamp|\uff12\uff10|2",
    ),
    fc.stringMatching(/^[A-Za-z0-9_-]{129,200}\|20\|2$/),
  ),
  shuffle: fc.boolean(),
});

/** The bill posted: the shipping and tax the page shows for the address (the default zones, the tax table), or either another, none, malformed, or left out. */
const SHIPPING_FORGERIES = ["exact", "off", "tax off", "empty", "malformed", "missing"] as const;
const shippingOf = fc.oneof(
  { weight: 12, arbitrary: fc.constant<(typeof SHIPPING_FORGERIES)[number]>("exact") },
  { weight: 3, arbitrary: fc.constantFrom(...SHIPPING_FORGERIES.filter((f) => f !== "exact")) },
);

/** The cart a run starts with: a subset of the catalogue with 1-3 units each, sometimes a line whose product was deleted since. */
const cartOf = fc.record({
  lines: fc
    .subarray([...PRODUCTS.map((p) => p.id)], { minLength: 1 })
    .chain((ids) => fc.tuple(...ids.map((id) => fc.record({ id: fc.constant(id), quantity: fc.integer({ min: 1, max: 3 }) })))),
  deleted: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  // The scarce product's stock as this run starts: none left, or a few.
  scarce: fc.integer({ min: 0, max: 3 }),
  // The cart emptied after the page was shown (its order placed from another tab).
  emptied: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

function formOf(
  fields: Record<string, Posted>,
  key: string | null,
  lines: string[],
  extra: Array<[string, string]>,
  bill: { shipping: string; tax: string } | null,
): FormData {
  const form = new FormData();
  if (bill !== null) {
    form.append("shipping", bill.shipping);
    form.append("tax", bill.tax);
    form.append("discount", "0");
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value.file]), "file.txt");
  }
  if (key !== null) form.append("idempotencyKey", key);
  for (const line of lines) form.append("line", line);
  for (const [name, value] of extra) form.append(name, value);
  return form;
}

for (const choice of fuzzBackends("fuzz-checkout"))
  describe(`checkout fuzz (${choice.name})`, () => {
    const runs = new RunCounter();
    let backend: FuzzBackend;
    let store: Store;
    const placedIds: string[] = [];
    const usedKeys: string[] = [];
    let deletedCount = 0;
    let owner: CartOwner = "guest:00000000-0000-4000-8000-000000000000";
    const request: PlaceOrderRequest = {
      owner: async () => owner,
      store: async () => store,
      secret: () => "fuzz secret",
      limit: async () => null,
      afterPlaced: (id) => void placedIds.push(id),
      takesCards: () => false,
    };

    before(async () => {
      backend = await choice.open();
      store = backend.store;
      await store.upsertProducts([
        ...PRODUCTS.map((p, i) => product(p.id, i + 1, "Electronics", { name: `Fuzz ${p.id}`, priceCents: p.priceCents })),
        product(NOT_IN_ANY_CART, 10, "Book", { name: "Fuzz book", priceCents: 900 }),
      ]);
      for (const p of PRODUCTS) if (p.stock !== null) await store.setStock(p.id, p.stock, null);
    });

    after(async () => {
      console.log(`checkout fuzz runs on ${choice.name} (seed ${FUZZ_SEED}): ${runs.summary()}`);
      await backend.close();
    });

    test(`${RUNS[choice.name]} generated checkout posts for real carts: invalid, refused or placed; nothing written unless placed, and then the cart exactly`, async () => {
      await fc.assert(
        fc.asyncProperty(
          cartOf,
          contactFields,
          keyOf,
          linesOf,
          shippingOf,
          fc.array(fc.tuple(fc.constantFrom("line", "email", "owner", "uid", "total", "__proto__"), fc.string({ maxLength: 30 })), {
            maxLength: 2,
          }),
          async (cart, contact, keyChoice, forged, shippingForgery, extra) => {
            // A fresh guest cart for each run, filled through the store as the shop fills it.
            owner = `guest:${randomUUID()}`;
            const cartLines: Array<{ id: string; priceCents: number; quantity: number }> = cart.lines.map((line) => ({
              ...line,
              priceCents: PRODUCTS.find((p) => p.id === line.id)!.priceCents,
            }));
            for (const line of cartLines) await store.addToLine(owner, line.id, line.quantity);
            const scarce = (await store.getStock(["fz-scarce"])).get("fz-scarce") ?? null;
            await store.setStock("fz-scarce", cart.scarce, scarce);
            if (cart.deleted) {
              deletedCount += 1;
              const id = `fz-gone-${deletedCount}`;
              await store.upsertProducts([product(id, 100 + deletedCount, "Sport", { name: "Fuzz gone", priceCents: 300 })]);
              await store.addToLine(owner, id, 1);
              await store.deleteProduct(id, (await store.getProductRevision(id))!.revision, "fuzz@example.com");
              cartLines.push({ id, priceCents: 300, quantity: 1 });
            }

            // The lines as the page renders them (cart order), then forged.
            const exact = cartLines.map((line) => `${line.id}|${line.priceCents}|${line.quantity}`);
            let lines = forged.shuffle ? [...exact].reverse() : [...exact];
            const at = forged.pick % cartLines.length;
            const target = cartLines[at];
            const forgery: LineForgery = forged.forgery;
            switch (forgery) {
              case "exact":
                break;
              case "price": {
                const cents = target.priceCents + forged.cents;
                lines[lines.indexOf(exact[at])] = `${target.id}|${cents > 0 ? cents : 0}|${target.quantity}`;
                break;
              }
              case "quantity":
                lines[lines.indexOf(exact[at])] =
                  `${target.id}|${target.priceCents}|${forged.quantity === target.quantity ? (target.quantity % 999) + 1 : forged.quantity}`;
                break;
              case "unknown":
                lines[lines.indexOf(exact[at])] = `fz-nowhere-${forged.pick % 7}|${target.priceCents}|${target.quantity}`;
                break;
              case "not-in-cart":
                lines.push(`${NOT_IN_ANY_CART}|900|1`);
                break;
              case "left-out":
                lines = lines.filter((line) => line !== exact[at]);
                break;
              case "twice":
                lines.push(exact[at]);
                break;
              case "malformed":
                lines.splice(forged.pick % (lines.length + 1), 0, forged.malformed);
                break;
              case "none":
                lines = [];
                break;
            }
            const extraLines = extra.filter(([name]) => name === "line");
            const key =
              keyChoice.kind === "good"
                ? randomUUID()
                : keyChoice.kind === "reused"
                  ? (usedKeys.at(forged.pick % Math.max(1, usedKeys.length)) ?? randomUUID())
                  : keyChoice.kind === "bad"
                    ? keyChoice.text
                    : null;

            // The bill the page shows for the address posted, at the default zones and the tax table; then forged.
            const region = typeof contact.fields.region === "string" ? contact.fields.region.trim() : "";
            const subtotal = cartLines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
            const shown = billFor(DEFAULT_SHIPPING_ZONES, { country: "US", region }, subtotal) ?? {
              shipping: { cents: 500 },
              tax: { cents: 0 },
            };
            const [shownShipping, shownTax] = [shown.shipping.cents, shown.tax.cents];
            const shipping = {
              exact: { shipping: String(shownShipping), tax: String(shownTax) },
              off: { shipping: String(shownShipping + 1), tax: String(shownTax) },
              "tax off": { shipping: String(shownShipping), tax: String(shownTax + 1) },
              empty: { shipping: "", tax: "" },
              malformed: { shipping: `${(shownShipping / 100).toFixed(2)}`, tax: String(shownTax) },
              missing: null,
            }[shippingForgery];

            if (cart.emptied) for (const line of cartLines) await store.removeLine(owner, line.id);
            const stockBefore = await store.getStock(cartLines.map((line) => line.id));
            const outOfStock = cartLines.some((line) => {
              const count = stockBefore.get(line.id) ?? null;
              return count !== null && count < line.quantity;
            });
            // Whether the post must be placed: every field good, a key the page draws, the lines exactly the cart's, all orderable.
            const mustPlace =
              contact.good &&
              !cart.emptied &&
              (keyChoice.kind === "good" || keyChoice.kind === "reused") &&
              forgery === "exact" &&
              shippingForgery === "exact" &&
              extraLines.length === 0 &&
              !cart.deleted &&
              !outOfStock;
            const mayPlace =
              !cart.emptied &&
              (keyChoice.kind === "good" || keyChoice.kind === "reused") &&
              forgery === "exact" &&
              shippingForgery === "exact" &&
              extraLines.length === 0 &&
              !cart.deleted &&
              !outOfStock;

            const form = formOf(contact.fields, key, lines, extra, shipping);
            const before = backend.fingerprint();
            const cartBefore = await store.listCart(owner);
            backend.writesSince();
            const placedBefore = placedIds.length;
            let outcome: CheckoutOutcome;
            try {
              outcome = await placeOrderFromForm(request, form);
            } catch (error) {
              assert.fail(`placeOrderFromForm threw: ${String(error)}`);
            }
            runs.hit(
              `${outcome.kind}${outcome.kind === "placed" ? "" : ` (${forgery}, key ${keyChoice.kind}${contact.good ? "" : ", hostile fields"})`}`,
            );
            assert.ok(["invalid", "refused", "placed"].includes(outcome.kind), `outcome ${outcome.kind}`);

            if (outcome.kind === "refused")
              assert.notEqual(
                outcome.problem,
                CHECKOUT_MESSAGES.refused,
                "the store refused a post the checkout's parse accepted: the two rules differ",
              );
            if (
              cart.emptied &&
              contact.good &&
              keyChoice.kind === "good" &&
              forgery === "exact" &&
              shippingForgery === "exact" &&
              extraLines.length === 0
            ) {
              assert.deepEqual([outcome.kind, outcome.kind === "refused" && outcome.problem], ["refused", CHECKOUT_MESSAGES.empty]);
            }
            if (outcome.kind !== "placed") {
              assert.ok(!mustPlace, `a good post was not placed: ${JSON.stringify(outcome).slice(0, 400)}`);
              // Nothing written: every table (SQLite) or no document (Firestore); the cart and the stock as they were.
              assert.deepEqual(backend.fingerprint(), before, `a ${outcome.kind} post wrote to the store`);
              assert.ok([null, 0].includes(backend.writesSince()), `a ${outcome.kind} post wrote documents`);
              assert.deepEqual(await store.listCart(owner), cartBefore);
              assert.deepEqual(await store.getStock(cartLines.map((line) => line.id)), stockBefore);
              assert.equal(placedIds.length, placedBefore);
              return;
            }
            assert.ok(mayPlace, `a forged post (${forgery}, key ${keyChoice.kind}) was placed`);
            assert.equal(outcome.created, true);
            assert.deepEqual(placedIds.slice(placedBefore), [outcome.order.id]);
            const order = (await store.getOrder(outcome.order.id))!;
            assert.equal(order.owner, owner, "the order is this cart owner's");
            assert.deepEqual(
              order.lines.map((line) => [line.productId, line.unitPriceCents, line.quantity]).sort(),
              cartLines.map((line) => [line.id, line.priceCents, line.quantity]).sort(),
            );
            const cents = cartLines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
            assert.deepEqual(
              [order.subtotalCents, order.shippingCents, order.taxCents, order.totalCents],
              [cents, shownShipping, shownTax, cents + shownShipping + shownTax],
            );
            assert.deepEqual([order.fulfilment, order.payment, order.revision, order.history.length], ["placed", "due", 0, 1]);
            assert.deepEqual(await store.listCart(owner), [], "the cart is emptied");
            const emails = await store.listOrderEmails(order.id);
            assert.equal(emails.length, 1);
            assert.equal(emails[0].to, order.contact.email);
            const stockAfter = await store.getStock(cartLines.map((line) => line.id));
            for (const line of cartLines) {
              const was = stockBefore.get(line.id) ?? null;
              assert.equal(stockAfter.get(line.id) ?? null, was === null ? null : was - line.quantity, `stock of ${line.id}`);
            }
            if (key) usedKeys.push(key);

            // The same submit again (a double click, a retry): the same order, nothing written.
            const settled = backend.fingerprint();
            backend.writesSince();
            const again = await placeOrderFromForm(request, formOf(contact.fields, key, lines, extra, shipping));
            assert.ok(again.kind === "placed" && again.order.id === order.id && !again.created, JSON.stringify(again).slice(0, 300));
            assert.deepEqual(backend.fingerprint(), settled);
            assert.ok([null, 0].includes(backend.writesSince()), "a resubmit wrote documents");
            // The same key with other lines (the cart refilled in another tab): still that one order, nothing more written.
            await store.addToLine(owner, cartLines[0].id, 1);
            const refilled = backend.fingerprint();
            const cartNow = await store.listCart(owner);
            backend.writesSince();
            const other = await placeOrderFromForm(
              request,
              formOf(contact.fields, key, [`${cartLines[0].id}|${cartLines[0].priceCents}|1`], [], shipping),
            );
            assert.ok(other.kind === "placed" && other.order.id === order.id && !other.created, JSON.stringify(other).slice(0, 300));
            assert.deepEqual(await store.listCart(owner), cartNow, "the refilled cart is kept");
            if (settled !== null) assert.deepEqual(backend.fingerprint(), refilled);
            assert.ok([null, 0].includes(backend.writesSince()), "a resubmit wrote documents");
            assert.equal(placedIds.length, placedBefore + 1);
          },
        ),
        { seed: FUZZ_SEED, numRuns: RUNS[choice.name] },
      );
      assert.ok(runs.count("placed") >= RUNS[choice.name] / 25, `too few posts were placed to prove a placement: ${runs.summary()}`);
    });
  });
