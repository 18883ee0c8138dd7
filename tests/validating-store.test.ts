/**
 * The validation door (lib/data/validating-store.ts): every Store method with
 * arguments refuses a bad one as invalid_input before the adapter behind it
 * runs, and hands the adapter parsed values. The adapter here is a recorder,
 * so "changes nothing" is seen directly: it was never called.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EmailDraft } from "@/lib/data/contract/outbox";
import type { EmailOfOrder, Order, PlaceOrderInput, StepInput } from "@/lib/data/contract/orders";
import type { OrderListFilter } from "@/lib/data/contract/order-list-filter";
import type { ShippingZone } from "@/lib/data/contract/shipping";
import type { Store } from "@/lib/data/contract/store";
import { validatingStore } from "@/lib/data/validating-store";
import { rejectsWith } from "./helpers/assert-store-error";
import { newProduct, product } from "./helpers/fixtures";

type Calls = { method: string; args: unknown[] }[];

/** A Store whose every method records its arguments and answers nothing useful. */
function recorder(calls: Calls): Store {
  return new Proxy({ kind: "sqlite" } as Store, {
    get(target, property) {
      if (property === "kind") return target.kind;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), args });
        return property === "watchCart" || property === "watchCatalog" ? () => {} : Promise.resolve(null);
      };
    },
  });
}

const OWNER = "guest:0b5d1f2e-8c4a-4d6b-9e1f-2a3b4c5d6e7f";
const SOON = Date.now() + 60_000;

const DRAFT: EmailDraft = { to: "ann@example.com", subject: "Your order", text: "Thanks." };
const EMAIL: EmailOfOrder = () => DRAFT;

/** A valid guest placement; override any field to make it invalid. */
function placement(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    owner: OWNER,
    uid: null,
    guestTokenHash: "b".repeat(64),
    idempotencyKey: "checkout-0123456789",
    paymentMethod: "pay_on_delivery",
    lines: [{ productId: "p1", unitPriceCents: 1250, quantity: 2 }],
    shippingCents: 500,
    taxCents: 0,
    discountCode: null,
    discountCents: 0,
    contact: { email: "ann@example.com", name: "Ann", phone: "" },
    address: { country: "de", line1: "Hauptstr. 1", line2: "", city: "Berlin", region: "", postalCode: "10115" },
    confirmation: EMAIL,
    ...overrides,
  };
}

const STEP: StepInput = { step: "ship", expectedRevision: 0, by: "admin@example.com", note: "TRACK-1", email: EMAIL };
const FILTER: OrderListFilter = { fulfilment: null, payment: null, returnState: null, query: "", limit: 50, after: null };

const ZONE: ShippingZone = { id: "ca", name: "Canada", country: "CA", regions: [], rateCents: 2000, freeOverCents: null };

/** One call per method with an argument that must be refused, naming what is wrong. */
const REFUSED: [string, (s: Store) => Promise<unknown>][] = [
  ["getProduct", (s) => s.getProduct("a/b")],
  ["listProductsByType", (s) => s.listProductsByType("Toys" as never, 5)],
  ["listProductsByType limit", (s) => s.listProductsByType("Book", 0)],
  ["searchProducts", (s) => s.searchProducts("x".repeat(101), { type: null, limit: 5 })],
  ["searchProducts", (s) => s.searchProducts("lamp", { type: "Food" as "Book", limit: 5 })],
  ["searchProducts", (s) => s.searchProducts("lamp", { type: null, limit: 201 })],
  ["searchProducts", (s) => s.searchProducts("lamp", 5 as unknown as { type: null; limit: number })],
  ["addProduct", (s) => s.addProduct({ ...newProduct(), priceCents: -1 })],
  ["addProduct by", (s) => s.addProduct(newProduct(), "")],
  ["getProductRevision", (s) => s.getProductRevision("__x__")],
  ["updateProduct", (s) => s.updateProduct("p1", newProduct(), -1, "admin@example.com")],
  ["deleteProduct", (s) => s.deleteProduct("p1", 0, " ")],
  ["listProductChanges", (s) => s.listProductChanges("p1", 101)],
  ["upsertProducts", (s) => s.upsertProducts([product("ok", 1), { ...product("bad", 2), name: "" }])],
  ["upsertProducts size", (s) => s.upsertProducts(Array.from({ length: 501 }, (_, i) => product(`p${i}`, i)))],
  ["listCart", (s) => s.listCart("nobody" as never)],
  ["hasCart", (s) => s.hasCart("guest:a/b" as never)],
  ["addToLine", (s) => s.addToLine(OWNER, "p1", 100)],
  ["setLineQuantity", (s) => s.setLineQuantity(OWNER, "p1", 1000)],
  ["removeLine", (s) => s.removeLine(OWNER, "")],
  ["mergeCarts", (s) => s.mergeCarts(OWNER, "user:" as never)],
  ["getUser", (s) => s.getUser("a/b")],
  ["createUserIfMissing", (s) => s.createUserIfMissing("u1", { displayName: "Ann", email: "not an email" })],
  ["updateUserProfile", (s) => s.updateUserProfile("u1", { displayName: "", email: "ann@example.com" })],
  ["revokeSession", (s) => s.revokeSession("sid", Math.floor(SOON / 1000))],
  ["isSessionRevoked", (s) => s.isSessionRevoked("a b")],
  ["placeOrder owner", (s) => s.placeOrder(placement({ owner: "nobody" as never }))],
  ["placeOrder key too short", (s) => s.placeOrder(placement({ idempotencyKey: "short" }))],
  ["placeOrder key too long", (s) => s.placeOrder(placement({ idempotencyKey: "k".repeat(65) }))],
  ["placeOrder no lines", (s) => s.placeOrder(placement({ lines: [] }))],
  ["placeOrder line quantity", (s) => s.placeOrder(placement({ lines: [{ productId: "p1", unitPriceCents: 1250, quantity: 0 }] }))],
  ["placeOrder line price", (s) => s.placeOrder(placement({ lines: [{ productId: "p1", unitPriceCents: 1234.5, quantity: 1 }] }))],
  ["placeOrder line id", (s) => s.placeOrder(placement({ lines: [{ productId: "a/b", unitPriceCents: 100, quantity: 1 }] }))],
  [
    "placeOrder a product twice",
    (s) =>
      s.placeOrder(
        placement({
          lines: [
            { productId: "p1", unitPriceCents: 100, quantity: 1 },
            { productId: "p1", unitPriceCents: 100, quantity: 1 },
          ],
        }),
      ),
  ],
  ["placeOrder email", (s) => s.placeOrder(placement({ contact: { email: "not an email", name: "Ann", phone: "" } }))],
  ["placeOrder name", (s) => s.placeOrder(placement({ contact: { email: "ann@example.com", name: " ", phone: "" } }))],
  ["placeOrder phone", (s) => s.placeOrder(placement({ contact: { email: "ann@example.com", name: "Ann", phone: "call me" } }))],
  ["placeOrder country", (s) => s.placeOrder(placement({ address: { ...placement().address, country: "Germany" } }))],
  ["placeOrder city", (s) => s.placeOrder(placement({ address: { ...placement().address, city: "" } }))],
  ["placeOrder token hash", (s) => s.placeOrder(placement({ guestTokenHash: "xyz" }))],
  ["placeOrder guest and uid", (s) => s.placeOrder(placement({ uid: "u1" }))],
  ["placeOrder another's uid", (s) => s.placeOrder(placement({ owner: "user:u1", uid: "u2", guestTokenHash: null }))],
  ["placeOrder confirmation", (s) => s.placeOrder(placement({ confirmation: DRAFT as never }))],
  ["getOrder", (s) => s.getOrder("a/b")],
  ["getOrderByReference", (s) => s.getOrderByReference("  ")],
  ["listShopperOrders uid", (s) => s.listShopperOrders("a/b", null, 10)],
  ["listShopperOrders email", (s) => s.listShopperOrders("u1", "nobody", 10)],
  ["listShopperOrders limit", (s) => s.listShopperOrders("u1", null, 0)],
  ["listOrders state", (s) => s.listOrders({ ...FILTER, fulfilment: "lost" as never })],
  ["listOrders limit", (s) => s.listOrders({ ...FILTER, limit: 101 })],
  ["listOrders cursor", (s) => s.listOrders({ ...FILTER, after: "not a cursor!" })],
  ["takeOrderStep step", (s) => s.takeOrderStep("o1", { ...STEP, step: "teleport" as never })],
  ["takeOrderStep revision", (s) => s.takeOrderStep("o1", { ...STEP, expectedRevision: -1 })],
  ["takeOrderStep by", (s) => s.takeOrderStep("o1", { ...STEP, by: "" })],
  ["takeOrderStep email", (s) => s.takeOrderStep("o1", { ...STEP, email: DRAFT as never })],
  ["takeOrderStep id", (s) => s.takeOrderStep("__o__", STEP)],
  ["eraseCustomer", (s) => s.eraseCustomer("not an email")],
  ["getStock", (s) => s.getStock(["ok", "a/b"])],
  ["setStock negative", (s) => s.setStock("p1", -1, null)],
  ["setStock too many", (s) => s.setStock("p1", 1_000_001, null)],
  ["setStock fraction", (s) => s.setStock("p1", 1.5, null)],
  ["setStock expected", (s) => s.setStock("p1", 1, -2)],
  ["claimDueEmails now", (s) => s.claimDueEmails(-1, 10, 1000)],
  ["claimDueEmails lease", (s) => s.claimDueEmails(Date.now(), 10, 0)],
  ["markEmailSent", (s) => s.markEmailSent("a/b")],
  ["markEmailFailed retry", (s) => s.markEmailFailed("e1", "x", 1.5)],
  ["listOrderEmails", (s) => s.listOrderEmails("")],
  ["setShippingZones none", (s) => s.setShippingZones([], 0, "admin@example.com")],
  ["setShippingZones rate", (s) => s.setShippingZones([{ ...ZONE, rateCents: -1 }], 0, "admin@example.com")],
  ["setShippingZones revision", (s) => s.setShippingZones([ZONE], -1, "admin@example.com")],
  ["setShippingZones by", (s) => s.setShippingZones([ZONE], 0, "")],
];

describe("the validation door", () => {
  for (const [name, call] of REFUSED) {
    it(`${name}: a bad argument is refused and never reaches the adapter`, async () => {
      const calls: Calls = [];
      await rejectsWith(call(validatingStore(recorder(calls))), "invalid_input");
      assert.deepEqual(calls, []);
    });
  }

  it("watchCart refuses a bad owner synchronously, before anything subscribes", () => {
    const calls: Calls = [];
    assert.throws(() => validatingStore(recorder(calls)).watchCart("x" as never, () => {}), /cart owner/i);
    assert.deepEqual(calls, []);
  });

  it("the adapter receives parsed values: trimmed text, the add's default quantity", async () => {
    const calls: Calls = [];
    const store = validatingStore(recorder(calls));
    await store.searchProducts("  lamp  ", { type: "Book", limit: 5 });
    await store.addToLine(OWNER, "p1");
    await store.addProduct({ ...newProduct(), name: "  Lamp  " }, " admin@example.com ");
    assert.deepEqual(calls[0], { method: "searchProducts", args: ["lamp", { type: "Book", limit: 5 }] });
    assert.deepEqual(calls[1], { method: "addToLine", args: [OWNER, "p1", 1] });
    assert.equal((calls[2].args[0] as { name: string }).name, "Lamp");
    assert.equal(calls[2].args[1], "admin@example.com");
  });

  it("an order's emails reach the adapter checked: what they write from the order is refused as invalid_input when bad", async () => {
    const calls: Calls = [];
    const store = validatingStore(recorder(calls));
    await store.placeOrder(placement({ confirmation: () => ({ ...DRAFT, to: "nobody" }) }));
    await store.takeOrderStep("o1", { ...STEP, email: () => ({ ...DRAFT, subject: "" }) });
    const order = {} as Order;
    const confirmation = (calls[0].args[0] as PlaceOrderInput).confirmation;
    const stepEmail = (calls[1].args[1] as StepInput).email;
    await rejectsWith(
      Promise.resolve().then(() => confirmation(order)),
      "invalid_input",
    );
    await rejectsWith(
      Promise.resolve().then(() => stepEmail(order)),
      "invalid_input",
    );
  });

  it("an order's input reaches the adapter parsed: country upper case, text trimmed", async () => {
    const calls: Calls = [];
    const store = validatingStore(recorder(calls));
    await store.placeOrder(placement({ contact: { email: " ann@example.com ", name: " Ann ", phone: "" } }));
    await store.setStock("p1", null, 3);
    const input = calls[0].args[0] as PlaceOrderInput;
    assert.equal(input.address.country, "DE");
    assert.deepEqual(input.contact, { email: "ann@example.com", name: "Ann", phone: "" });
    assert.deepEqual(calls[1], { method: "setStock", args: ["p1", null, 3] });
  });

  it("valid calls pass through to the adapter, one call each", async () => {
    const calls: Calls = [];
    const store = validatingStore(recorder(calls));
    await store.getProduct("p1");
    await store.revokeSession("sid-1", SOON);
    await store.isSessionRevoked("sid-1");
    assert.deepEqual(
      calls.map((c) => c.method),
      ["getProduct", "revokeSession", "isSessionRevoked"],
    );
  });
});
