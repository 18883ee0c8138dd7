/**
 * The browser cart's transitions on their own (lib/cart/cart-reducer.ts):
 * what the shopper sees while their operations are in flight, and when the
 * server's cart replaces it. The effects around them (actions, toasts, GET
 * /api/cart) are tests/cart-state.test.ts's.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CartEntry } from "@/lib/cart/cart-entry";
import { EMPTY_CART, ownerCreated, settled, snapshotReceived, started, viewOf, type CartModel } from "@/lib/cart/cart-reducer";

const line = (id: string, cartQuantity: number, priceCents = 1000): CartEntry => ({
  id,
  name: id,
  priceCents,
  image: `/products/${id}.webp`,
  cartQuantity,
  available: true,
  addedPriceCents: priceCents,
});
const lamp = { id: "lamp", name: "Lamp", priceCents: 1999, image: "/products/lamp.webp" };

/** The model after `items` arrived from the server with no operation in flight. */
const loaded = (items: CartEntry[]): CartModel => snapshotReceived(EMPTY_CART, items, true);

describe("the cart's transitions", () => {
  test("an empty cart shows nothing and totals 0", () => {
    assert.deepEqual(viewOf(EMPTY_CART), { cartItems: [], cartTotalQuantity: 0, cartTotalAmount: 0 });
    assert.equal(EMPTY_CART.loaded, false);
  });

  test("a snapshot with nothing in flight is shown at once", () => {
    const model = loaded([line("mug", 2)]);
    assert.deepEqual(viewOf(model).cartItems, [line("mug", 2)]);
    assert.deepEqual([model.loaded, model.hasOwner, model.serverCarts], [true, true, 1]);
  });

  test("an add is shown at once with its total, in whole cents (10 + 20 is 30)", () => {
    const base = loaded([line("a", 1, 10)]);
    const { model, op } = started(base, { kind: "add", product: { id: "b", name: "b", priceCents: 20, image: "/b.webp" } });
    assert.equal(op, 1);
    assert.deepEqual(model.inFlight, [1]);
    assert.equal(viewOf(model).cartTotalAmount, 30);
    assert.equal(viewOf(model).cartTotalQuantity, 2);
  });

  test("a snapshot arriving while an operation is in flight is kept, not shown, and asks for a reload when the last settles", () => {
    const { model: adding, op } = started(loaded([]), { kind: "add", product: lamp });
    const crossed = snapshotReceived(adding, [line("other-tab", 1)], true);
    assert.deepEqual(
      viewOf(crossed).cartItems.map((item) => item.id),
      ["lamp"],
    );
    assert.equal(crossed.staleWhilePending, true);
    const done = settled(crossed, op, [line("lamp", 1), line("other-tab", 1)]);
    assert.equal(done.reload, true);
    assert.deepEqual(
      viewOf(done.model).cartItems.map((item) => item.id),
      ["lamp", "other-tab"],
    );
    assert.deepEqual([done.model.pending, done.model.inFlight, done.model.staleWhilePending], [[], [], false]);
  });

  test("a confirmed operation stays shown while another is in flight; the newest server cart applies when the last settles", () => {
    let model = loaded([line("mug", 1)]);
    const first = started(model, { kind: "set", id: "mug", quantity: 3 });
    const second = started(first.model, { kind: "add", product: lamp });
    model = settled(second.model, first.op, [line("mug", 3)]).model;
    assert.deepEqual(
      viewOf(model).cartItems.map((item) => [item.id, item.cartQuantity]),
      [
        ["mug", 3],
        ["lamp", 1],
      ],
    );
    const last = settled(model, second.op, [line("mug", 3), line("lamp", 1)]);
    assert.equal(last.reload, false);
    assert.deepEqual(last.model.serverItems, [line("mug", 3), line("lamp", 1)]);
    assert.equal(last.model.serverCarts, 3);
  });

  test("a refused operation is dropped from view at once, even while another is in flight", () => {
    const first = started(loaded([line("mug", 1)]), { kind: "remove", id: "mug" });
    const second = started(first.model, { kind: "add", product: lamp });
    const refused = settled(second.model, first.op, null).model;
    assert.deepEqual(
      viewOf(refused).cartItems.map((item) => item.id),
      ["mug", "lamp"],
    );
    assert.deepEqual(refused.inFlight, [second.op]);
  });

  test("when every operation was refused, the server's cart as it was is shown again", () => {
    const { model, op } = started(loaded([line("mug", 2)]), { kind: "set", id: "mug", quantity: 9 });
    const after = settled(model, op, null);
    assert.deepEqual(viewOf(after.model).cartItems, [line("mug", 2)]);
    assert.equal(after.reload, false);
  });

  test("the first add of a guest makes its cart: the live stream's epoch moves", () => {
    const model = ownerCreated(snapshotReceived(EMPTY_CART, [], false));
    assert.deepEqual([model.hasOwner, model.streamEpoch], [true, 1]);
  });

  test("the transitions are pure: the model they are given is never changed", () => {
    const base = loaded([line("mug", 1)]);
    const copy = structuredClone(base);
    const { model, op } = started(base, { kind: "add", product: lamp });
    snapshotReceived(model, [], true);
    settled(model, op, []);
    ownerCreated(model);
    assert.deepEqual(base, copy);
  });
});
