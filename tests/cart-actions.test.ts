/**
 * The cart actions' server path (lib/cart/service.ts) against a real SQLite
 * store, and their pure parts (lib/cart/results.ts): validation, error
 * mapping, totals and the optimistic overlay. The "use server" wrappers only
 * add the owner lookup from the request, which needs a Next runtime.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { applyPending, toCartProduct, totalCents, totalQuantity } from "@/lib/cart/cart-lines";
import { CART_MESSAGES, failureFromError, parseProductId, type ProductId } from "@/lib/cart/results";
import { addToOwnerCart, ownerCart, removeFromOwnerCart } from "@/lib/cart/service";
import { StoreError } from "@/lib/data/errors";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { CartOwner, Product, Store } from "@/lib/data/types";
import type { CartEntry } from "@/lib/live/protocol";
import { LIMITS } from "@/lib/data/validation";
import { product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "cart-actions-"));
const alice: CartOwner = "guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
const bob: CartOwner = "user:bob-uid";

/** Inputs a tampered or hostile client could send instead of a product id. */
const BAD_IDS: unknown[] = [
  "",
  "../etc/passwd",
  "a/b",
  "id with spaces",
  "drop'; --",
  "é",
  "x".repeat(LIMITS.idMax + 1),
  "x".repeat(100_000),
  42,
  -1,
  Number.NaN,
  null,
  undefined,
  true,
  {},
  { id: "lamp" },
  ["lamp"],
];

describe("cart actions (server path)", () => {
  let store: Store;
  let lamp: Product;
  let mug: Product;

  before(async () => {
    store = await openSqliteStore(join(dir, "cart.db"));
    lamp = product("desk-lamp", 2, "Electronics", { price: 39.99 });
    mug = product("mug", 1, "Accessories", { price: 12.5 });
    await store.upsertProducts([lamp, mug]);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a first add creates the line; a second one increases it", async () => {
    const first = await addToOwnerCart(store, alice, lamp.id as ProductId);
    assert.ok(first.ok);
    assert.equal(first.created, true);
    assert.deepEqual(first.item, { id: lamp.id, name: lamp.name, price: 39.99, image: lamp.image, cartQuantity: 1 });
    assert.deepEqual(first.cart, [first.item]);

    const second = await addToOwnerCart(store, alice, lamp.id as ProductId);
    assert.ok(second.ok);
    assert.equal(second.created, false);
    assert.equal(second.item.cartQuantity, 2);
    assert.equal(totalQuantity(second.cart), 2);
  });

  test("a bad product id forced past the parse (a cast) still meets the store's rule: a clear message, nothing written", async () => {
    const before = await store.listCart(bob);
    for (const bad of BAD_IDS) {
      const result = await addToOwnerCart(store, bob, bad as ProductId);
      assert.equal(result.ok, false, `accepted ${JSON.stringify(bad)?.slice(0, 40)}`);
      assert.equal(!result.ok && result.code, "invalid_input");
      assert.equal(!result.ok && result.error, CART_MESSAGES.invalid_input);
      const removed = await removeFromOwnerCart(store, bob, bad as ProductId);
      assert.equal(removed.ok, false);
    }
    assert.deepEqual(await store.listCart(bob), before);
    assert.deepEqual(await store.listCart(bob), []);
  });

  test("an unknown product id is not_found and writes nothing", async () => {
    const result = await addToOwnerCart(store, bob, "no-such-product" as ProductId);
    assert.deepEqual(result, { ok: false, code: "not_found", error: CART_MESSAGES.not_found });
    assert.deepEqual(await store.listCart(bob), []);
  });

  test("a line full to the limit is refused with limit_exceeded and stays at the limit", async () => {
    const owner: CartOwner = "user:limit-tester";
    for (let added = 0; added < LIMITS.lineQuantityMax; added += LIMITS.addQuantityMax) {
      await store.addToLine(owner, mug.id, Math.min(LIMITS.addQuantityMax, LIMITS.lineQuantityMax - added));
    }
    const result = await addToOwnerCart(store, owner, mug.id as ProductId);
    assert.deepEqual(result, { ok: false, code: "limit_exceeded", error: CART_MESSAGES.limit_exceeded });
    assert.equal((await store.listCart(owner))[0].quantity, LIMITS.lineQuantityMax);
  });

  test("carts are per owner: one owner's adds and deletes never touch another's", async () => {
    const carol: CartOwner = "user:carol";
    await addToOwnerCart(store, carol, mug.id as ProductId);
    const aliceBefore = await ownerCart(store, alice);
    // Carol deleting the lamp (which only Alice has) removes nothing of Alice's.
    const removed = await removeFromOwnerCart(store, carol, lamp.id as ProductId);
    assert.deepEqual(removed, { ok: true, removed: false, cart: [{ ...toCartProduct(mug), cartQuantity: 1 }] });
    assert.deepEqual(await ownerCart(store, alice), aliceBefore);
    assert.ok(!(await ownerCart(store, carol)).some((e) => e.id === lamp.id));
  });

  test("delete removes the line and returns the remaining cart; a guest without a cart deletes nothing", async () => {
    const owner: CartOwner = "user:deleter";
    await addToOwnerCart(store, owner, lamp.id as ProductId);
    await addToOwnerCart(store, owner, mug.id as ProductId);
    const result = await removeFromOwnerCart(store, owner, lamp.id as ProductId);
    assert.ok(result.ok);
    assert.equal(result.removed, true);
    assert.deepEqual(
      result.cart.map((e) => e.id),
      [mug.id],
    );
    assert.deepEqual(await removeFromOwnerCart(store, null, mug.id as ProductId), { ok: true, removed: false, cart: [] });
    assert.deepEqual(await ownerCart(store, null), []);
  });

  test("200 parallel adds of one product through the action path end at quantity 200", async () => {
    const owner: CartOwner = "user:parallel";
    const results = await Promise.all(Array.from({ length: 200 }, () => addToOwnerCart(store, owner, lamp.id as ProductId)));
    assert.ok(results.every((r) => r.ok));
    assert.equal(results.filter((r) => r.ok && r.created).length, 1);
    const cart = await ownerCart(store, owner);
    assert.equal(cart.length, 1);
    assert.equal(cart[0].cartQuantity, 200);
  });

  test("a store failure is reported as unavailable without its internals", async () => {
    const broken = {
      ...store,
      addToLine: async () => {
        throw new Error("SQLITE_BUSY at /secret/path");
      },
    } as Store;
    const original = console.error;
    console.error = () => {};
    try {
      const result = await addToOwnerCart(broken, alice, lamp.id as ProductId);
      assert.deepEqual(result, { ok: false, code: "unavailable", error: CART_MESSAGES.unavailable });
    } finally {
      console.error = original;
    }
  });
});

describe("cart results (pure)", () => {
  test("parseProductId accepts store ids only (the one parse of an action's id)", () => {
    assert.deepEqual(parseProductId("desk-lamp_2"), { ok: true, id: "desk-lamp_2" });
    for (const bad of BAD_IDS) assert.equal(parseProductId(bad).ok, false);
  });

  test("store errors keep their code; other errors become unavailable", () => {
    assert.equal(failureFromError(new StoreError("not_found", "x")).code, "not_found");
    assert.equal(failureFromError(new StoreError("limit_exceeded", "x")).code, "limit_exceeded");
    assert.equal(failureFromError(new StoreError("invalid_input", "x")).code, "invalid_input");
    const original = console.error;
    console.error = () => {};
    try {
      assert.equal(failureFromError(new StoreError("unavailable", "x")).code, "unavailable");
      assert.equal(failureFromError(new TypeError("boom")).error, CART_MESSAGES.unavailable);
    } finally {
      console.error = original;
    }
  });

  test("totals are summed in cents, without float drift", () => {
    const entries: CartEntry[] = [
      { id: "a", name: "A", price: 0.1, image: "/a.webp", cartQuantity: 3 },
      { id: "b", name: "B", price: 0.2, image: "/b.webp", cartQuantity: 1 },
      { id: "c", name: "C", price: 19.99, image: "/c.webp", cartQuantity: 7 },
    ];
    assert.equal(totalQuantity(entries), 11);
    assert.equal(totalCents(entries), 30 + 20 + 13993);
    assert.equal(totalCents(entries) / 100, 140.43);
    assert.equal(totalQuantity([]), 0);
    assert.equal(totalCents([]), 0);
  });

  test("pending adds and deletes overlay the server cart in order", () => {
    const server: CartEntry[] = [{ id: "a", name: "A", price: 1, image: "/a.webp", cartQuantity: 2 }];
    const b = { id: "b", name: "B", price: 2.5, image: "/b.webp" };
    const shown = applyPending(server, [
      { op: 1, kind: "add", product: { id: "a", name: "A", price: 1, image: "/a.webp" } },
      { op: 2, kind: "add", product: b },
      { op: 3, kind: "add", product: b },
    ]);
    assert.deepEqual(
      shown.map((e) => [e.id, e.cartQuantity]),
      [
        ["a", 3],
        ["b", 2],
      ],
    );
    assert.deepEqual(applyPending(shown, [{ op: 4, kind: "remove", id: "a" }]).map((e) => e.id), ["b"]);
    // The server cart itself is never mutated.
    assert.equal(server[0].cartQuantity, 2);
  });

  test("toCartProduct keeps only what the cart shows", () => {
    const full = { ...product("p", 1), extra: "x" };
    assert.deepEqual(Object.keys(toCartProduct(full)).sort(), ["id", "image", "name", "price"]);
  });
});
