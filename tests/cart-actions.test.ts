/**
 * The cart actions' server path (lib/cart/service.ts) against a real SQLite
 * store, and their pure parts: validation (lib/cart/parse-input.ts), error
 * mapping (lib/cart/results.ts), lines (lib/cart/cart-entry.ts), totals and
 * the optimistic overlay (lib/cart/cart-lines.ts). The "use server" wrappers
 * only add the owner lookup from the request, which needs a Next runtime.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { lookupIn, toCartEntries, type CartEntry } from "@/lib/cart/cart-entry";
import {
  applyPending,
  entryCents,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  priceChanged,
  toCartProduct,
  totalCents,
  totalQuantity,
} from "@/lib/cart/cart-lines";
import { parseCartProductId, parseLineQuantity } from "@/lib/cart/parse-input";
import type { ProductId } from "@/lib/data/contract/catalog";
import { restoreToRequestCart } from "@/lib/cart/request-cart";
import { CART_MESSAGES, failureFromError } from "@/lib/cart/results";
import { addToOwnerCart, ownerCart, removeFromOwnerCart, restoreToOwnerCart, setOwnerCartQuantity } from "@/lib/cart/service";
import { cartFullError, lineFullError } from "@/lib/data/rules/cart-bounds";
import { StoreError } from "@/lib/data/contract/errors";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { product, productsOf } from "./helpers/fixtures";
import { captureLogLines } from "@/lib/log/sink";
import { toCardProduct } from "@/components/product/card-product";

/** A cart line as the browser holds it, available at the price it was added unless told otherwise. */
function entry(overrides: Partial<CartEntry>): CartEntry {
  const price = overrides.priceCents ?? 1;
  return {
    id: "x",
    name: "X",
    image: "/x.webp",
    cartQuantity: 1,
    available: true,
    priceCents: price,
    addedPriceCents: price,
    ...overrides,
  };
}

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
    lamp = product("desk-lamp", 2, "Electronics", { priceCents: 3999 });
    mug = product("mug", 1, "Accessories", { priceCents: 1250 });
    await store.upsertProducts([lamp, mug]);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a first add creates the line; a second one increases it", async () => {
    const first = await addToOwnerCart(store, alice, lamp.id as ProductId, productsOf(store));
    assert.ok(first.ok);
    assert.equal(first.created, true);
    assert.deepEqual(first.item, {
      id: lamp.id,
      name: lamp.name,
      priceCents: 3999,
      image: lamp.images[0].src,
      cartQuantity: 1,
      available: true,
      addedPriceCents: 3999,
    });
    assert.deepEqual(first.cart, [first.item]);

    const second = await addToOwnerCart(store, alice, lamp.id as ProductId, productsOf(store));
    assert.ok(second.ok);
    assert.equal(second.created, false);
    assert.equal(second.item.cartQuantity, 2);
    assert.equal(totalQuantity(second.cart), 2);
  });

  test("a bad product id forced past the parse (a cast) still meets the store's rule: a clear message, nothing written", async () => {
    const before = await store.listCart(bob);
    for (const bad of BAD_IDS) {
      const result = await addToOwnerCart(store, bob, bad as ProductId, productsOf(store));
      assert.equal(result.ok, false, `accepted ${JSON.stringify(bad)?.slice(0, 40)}`);
      assert.equal(!result.ok && result.code, "invalid_input");
      assert.equal(!result.ok && result.error, CART_MESSAGES.invalid_input);
      const removed = await removeFromOwnerCart(store, bob, bad as ProductId, productsOf(store));
      assert.equal(removed.ok, false);
    }
    assert.deepEqual(await store.listCart(bob), before);
    assert.deepEqual(await store.listCart(bob), []);
  });

  test("an unknown product id is not_found and writes nothing", async () => {
    const result = await addToOwnerCart(store, bob, "no-such-product" as ProductId, productsOf(store));
    assert.deepEqual(result, { ok: false, code: "not_found", error: CART_MESSAGES.not_found });
    assert.deepEqual(await store.listCart(bob), []);
  });

  test("a line full to the limit is refused with limit_exceeded and stays at the limit", async () => {
    const owner: CartOwner = "user:limit-tester";
    for (let added = 0; added < LIMITS.lineQuantityMax; added += LIMITS.addQuantityMax) {
      await store.addToLine(owner, mug.id, Math.min(LIMITS.addQuantityMax, LIMITS.lineQuantityMax - added));
    }
    const result = await addToOwnerCart(store, owner, mug.id as ProductId, productsOf(store));
    assert.deepEqual(result, { ok: false, code: "limit_exceeded", error: CART_MESSAGES.limit_exceeded });
    assert.equal((await store.listCart(owner))[0].quantity, LIMITS.lineQuantityMax);
  });

  test(`a new product in a cart of ${LIMITS.cartLinesMax} lines is refused with cart_full and its own message; nothing is written`, async () => {
    const owner: CartOwner = "user:full-cart";
    const many = Array.from({ length: LIMITS.cartLinesMax + 1 }, (_, i) => product(`many-${i}`, 10 + i));
    await store.upsertProducts(many);
    for (const p of many.slice(0, LIMITS.cartLinesMax)) await store.addToLine(owner, p.id);
    const result = await addToOwnerCart(store, owner, many[LIMITS.cartLinesMax].id as ProductId, productsOf(store));
    assert.deepEqual(result, { ok: false, code: "cart_full", error: CART_MESSAGES.cart_full });
    assert.match(CART_MESSAGES.cart_full, new RegExp(`${LIMITS.cartLinesMax} different products`));
    assert.equal((await store.listCart(owner)).length, LIMITS.cartLinesMax);
    const more = await addToOwnerCart(store, owner, many[0].id as ProductId, productsOf(store));
    assert.ok(more.ok && !more.created && more.item.cartQuantity === 2, "more of a product already in the cart still fits");
  });

  test("carts are per owner: one owner's adds and deletes never touch another's", async () => {
    const carol: CartOwner = "user:carol";
    await addToOwnerCart(store, carol, mug.id as ProductId, productsOf(store));
    const aliceBefore = await ownerCart(store, alice, productsOf(store));
    // Carol deleting the lamp (which only Alice has) removes nothing of Alice's.
    const removed = await removeFromOwnerCart(store, carol, lamp.id as ProductId, productsOf(store));
    assert.deepEqual(removed, {
      ok: true,
      removed: false,
      cart: [{ ...toCartProduct(toCardProduct(mug)), cartQuantity: 1, available: true, addedPriceCents: mug.priceCents }],
    });
    assert.deepEqual(await ownerCart(store, alice, productsOf(store)), aliceBefore);
    assert.ok(!(await ownerCart(store, carol, productsOf(store))).some((e) => e.id === lamp.id));
  });

  test("a quantity is set on an existing line, returning the cart; a missing line or owner changes nothing", async () => {
    const owner: CartOwner = "user:stepper";
    await addToOwnerCart(store, owner, lamp.id as ProductId, productsOf(store));
    const set = await setOwnerCartQuantity(store, owner, lamp.id as ProductId, 12, productsOf(store));
    assert.ok(set.ok);
    assert.equal(set.changed, true);
    assert.deepEqual(
      set.cart.map((e) => [e.id, e.cartQuantity]),
      [[lamp.id, 12]],
    );
    const missing = await setOwnerCartQuantity(store, owner, mug.id as ProductId, 3, productsOf(store));
    assert.deepEqual(missing, { ok: true, changed: false, cart: set.cart });
    assert.deepEqual(await setOwnerCartQuantity(store, null, lamp.id as ProductId, 3, productsOf(store)), {
      ok: true,
      changed: false,
      cart: [],
    });
    assert.deepEqual(
      (await store.listCart(owner)).map((i) => i.quantity),
      [12],
    );
  });

  test("lines follow the catalogue: an edit changes name and price, a delete makes the line unavailable and unaddable", async () => {
    const owner: CartOwner = "user:follower";
    const vase = await store.addProduct(
      { name: "Vase", images: [{ src: "/v.webp", alt: "A picture" }], priceCents: 2000, details: "A vase.", type: "Accessories" },
      "admin@example.com",
    );
    await addToOwnerCart(store, owner, vase.id as ProductId, productsOf(store));
    await store.updateProduct(
      vase.id,
      { name: "Tall Vase", images: [{ src: "/v2.webp", alt: "A picture" }], priceCents: 2500, details: "A vase.", type: "Accessories" },
      0,
      "admin@example.com",
    );
    const [edited] = await ownerCart(store, owner, productsOf(store));
    assert.deepEqual(edited, {
      id: vase.id,
      name: "Tall Vase",
      priceCents: 2500,
      image: "/v2.webp",
      cartQuantity: 1,
      available: true,
      addedPriceCents: 2000,
    });
    await store.deleteProduct(vase.id, 1, "admin@example.com");
    const [gone] = await ownerCart(store, owner, productsOf(store));
    assert.equal(gone.available, false);
    assert.equal(totalCents([gone]), 0);
    assert.deepEqual(await addToOwnerCart(store, owner, vase.id as ProductId, productsOf(store)), {
      ok: false,
      code: "not_found",
      error: CART_MESSAGES.not_found,
    });
    assert.deepEqual(await setOwnerCartQuantity(store, owner, vase.id as ProductId, 2, productsOf(store)), {
      ok: false,
      code: "not_found",
      error: CART_MESSAGES.not_found,
    });
    const removed = await removeFromOwnerCart(store, owner, vase.id as ProductId, productsOf(store));
    assert.deepEqual(removed, { ok: true, removed: true, cart: [] });
  });

  test("delete removes the line and returns the remaining cart; a guest without a cart deletes nothing", async () => {
    const owner: CartOwner = "user:deleter";
    await addToOwnerCart(store, owner, lamp.id as ProductId, productsOf(store));
    await addToOwnerCart(store, owner, mug.id as ProductId, productsOf(store));
    const result = await removeFromOwnerCart(store, owner, lamp.id as ProductId, productsOf(store));
    assert.ok(result.ok);
    assert.equal(result.removed, true);
    assert.deepEqual(
      result.cart.map((e) => e.id),
      [mug.id],
    );
    assert.deepEqual(await removeFromOwnerCart(store, null, mug.id as ProductId, productsOf(store)), {
      ok: true,
      removed: false,
      cart: [],
    });
    assert.deepEqual(await ownerCart(store, null, productsOf(store)), []);
  });

  test("a deleted line is put back with its quantity, more than one add may carry; refused as an add is", async () => {
    const owner: CartOwner = "guest:5c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
    await addToOwnerCart(store, owner, mug.id as ProductId, productsOf(store));
    await addToOwnerCart(store, owner, lamp.id as ProductId, productsOf(store));
    await setOwnerCartQuantity(store, owner, lamp.id as ProductId, 250, productsOf(store));
    await removeFromOwnerCart(store, owner, lamp.id as ProductId, productsOf(store));

    const back = await restoreToOwnerCart(store, owner, lamp.id as ProductId, 250, productsOf(store));
    assert.ok(back.ok);
    assert.equal(back.created, true);
    assert.equal(back.item.cartQuantity, 250);
    // Back as a new line: after the lines the cart kept.
    assert.deepEqual(
      back.cart.map((e) => [e.id, e.cartQuantity]),
      [
        [mug.id, 1],
        [lamp.id, 250],
      ],
    );
    assert.deepEqual(
      (await store.listCart(owner)).map((i) => [i.productId, i.quantity]),
      [
        [mug.id, 1],
        [lamp.id, 250],
      ],
    );

    // A line the cart holds again grows by the quantity put back, capped at 999; at 999 it is refused.
    const grown = await restoreToOwnerCart(store, owner, mug.id as ProductId, 3, productsOf(store));
    assert.ok(grown.ok && !grown.created && grown.item.cartQuantity === 4);
    const capped = await restoreToOwnerCart(store, owner, lamp.id as ProductId, 800, productsOf(store));
    assert.ok(capped.ok && capped.item.cartQuantity === MAX_LINE_QUANTITY);
    assert.deepEqual(await restoreToOwnerCart(store, owner, lamp.id as ProductId, 1, productsOf(store)), {
      ok: false,
      code: "limit_exceeded",
      error: CART_MESSAGES.limit_exceeded,
    });

    // A product deleted meanwhile cannot come back.
    const vase = await store.addProduct(
      { name: "Short Vase", images: [{ src: "/sv.webp", alt: "A picture" }], priceCents: 900, details: "A vase.", type: "Accessories" },
      "admin@example.com",
    );
    await addToOwnerCart(store, owner, vase.id as ProductId, productsOf(store));
    await removeFromOwnerCart(store, owner, vase.id as ProductId, productsOf(store));
    await store.deleteProduct(vase.id, 0, "admin@example.com");
    assert.deepEqual(await restoreToOwnerCart(store, owner, vase.id as ProductId, 2, productsOf(store)), {
      ok: false,
      code: "not_found",
      error: CART_MESSAGES.not_found,
    });
    assert.deepEqual(
      (await store.listCart(owner)).map((i) => i.productId),
      [mug.id, lamp.id],
    );
  });

  test("a restore whose second step fails takes back the line its first step made: the cart is as it was", async () => {
    const owner: CartOwner = "guest:6d2e3f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f";
    await addToOwnerCart(store, owner, mug.id as ProductId, productsOf(store));
    const failingSet: Store = Object.create(store, {
      setLineQuantity: { value: async () => Promise.reject(new StoreError("unavailable", "the store did not answer")) },
    });
    const logged = captureLogLines();
    let result;
    try {
      result = await restoreToOwnerCart(failingSet, owner, lamp.id as ProductId, 5, productsOf(store));
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => [line.level, line.kind]),
      [["warn", "cart.store_unavailable"]],
      "the store's answer is one expected line",
    );
    assert.deepEqual(result, { ok: false, code: "unavailable", error: CART_MESSAGES.unavailable });
    assert.deepEqual(
      (await store.listCart(owner)).map((i) => [i.productId, i.quantity]),
      [[mug.id, 1]],
      "the half-made lamp line is gone",
    );
  });

  test("an undo's arguments are parsed before anything else: a bad id or quantity decides no owner and writes nothing", async () => {
    const owners = { asked: 0 };
    const request = {
      owner: async () => {
        owners.asked += 1;
        return "user:undo-parse" as CartOwner;
      },
      store: async () => store,
      products: productsOf(store),
    };
    for (const bad of BAD_IDS) {
      assert.deepEqual(await restoreToRequestCart(request, bad, 2), {
        ok: false,
        code: "invalid_input",
        error: CART_MESSAGES.invalid_input,
      });
    }
    for (const bad of [0, -1, 1.5, 1000, Number.NaN, "2", null, undefined, {}]) {
      assert.deepEqual(await restoreToRequestCart(request, lamp.id, bad), {
        ok: false,
        code: "invalid_quantity",
        error: CART_MESSAGES.invalid_quantity,
      });
    }
    assert.equal(owners.asked, 0);
    assert.deepEqual(await store.listCart("user:undo-parse"), []);
    const back = await restoreToRequestCart(request, lamp.id, 120);
    assert.ok(back.ok && back.item.cartQuantity === 120);
    assert.equal(owners.asked, 1);
  });

  test(`a line put back into a cart that filled up to ${LIMITS.cartLinesMax} lines meanwhile is refused with cart_full`, async () => {
    const owner: CartOwner = "user:refilled";
    const many = Array.from({ length: LIMITS.cartLinesMax + 1 }, (_, i) => product(`refill-${i}`, 500 + i));
    await store.upsertProducts(many);
    for (const p of many.slice(0, LIMITS.cartLinesMax)) await store.addToLine(owner, p.id);
    await removeFromOwnerCart(store, owner, many[0].id as ProductId, productsOf(store));
    await store.addToLine(owner, many[LIMITS.cartLinesMax].id);
    assert.deepEqual(await restoreToOwnerCart(store, owner, many[0].id as ProductId, 5, productsOf(store)), {
      ok: false,
      code: "cart_full",
      error: CART_MESSAGES.cart_full,
    });
    assert.equal((await store.listCart(owner)).length, LIMITS.cartLinesMax);
  });

  test("200 parallel adds of one product through the action path end at quantity 200", async () => {
    const owner: CartOwner = "user:parallel";
    const results = await Promise.all(
      Array.from({ length: 200 }, () => addToOwnerCart(store, owner, lamp.id as ProductId, productsOf(store))),
    );
    assert.ok(results.every((r) => r.ok));
    assert.equal(results.filter((r) => r.ok && r.created).length, 1);
    const cart = await ownerCart(store, owner, productsOf(store));
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
    const logged = captureLogLines();
    try {
      const result = await addToOwnerCart(broken, alice, lamp.id as ProductId, productsOf(store));
      assert.deepEqual(result, { ok: false, code: "unavailable", error: CART_MESSAGES.unavailable });
    } finally {
      logged.restore();
    }
    assert.equal(logged.lines.length, 1);
    assert.equal(logged.lines[0].kind, "cart.action_failed");
    assert.equal(
      (logged.lines[0].err as { message: string }).message,
      "SQLITE_BUSY at /secret/path",
      "the details are for ops, in the log",
    );
  });
});

describe("cart results (pure)", () => {
  test("parseCartProductId accepts store ids only (the one parse of an action's id)", () => {
    assert.deepEqual(parseCartProductId("desk-lamp_2"), { ok: true, id: "desk-lamp_2" });
    for (const bad of BAD_IDS) assert.equal(parseCartProductId(bad).ok, false);
  });

  test("store errors keep their code; other errors become unavailable", () => {
    assert.equal(failureFromError(new StoreError("not_found", "x")).code, "not_found");
    assert.equal(failureFromError(new StoreError("limit_exceeded", "x")).code, "limit_exceeded");
    assert.deepEqual(failureFromError(lineFullError()), { ok: false, code: "limit_exceeded", error: CART_MESSAGES.limit_exceeded });
    assert.deepEqual(failureFromError(cartFullError()), { ok: false, code: "cart_full", error: CART_MESSAGES.cart_full });
    assert.equal(failureFromError(new StoreError("invalid_input", "x")).code, "invalid_input");
    const logged = captureLogLines();
    try {
      assert.equal(failureFromError(new StoreError("unavailable", "x")).code, "unavailable");
      assert.equal(failureFromError(new TypeError("boom")).error, CART_MESSAGES.unavailable);
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => [line.level, line.kind]),
      [
        ["warn", "cart.store_unavailable"],
        ["error", "cart.action_failed"],
      ],
    );
  });

  test("totals are summed in cents, without float drift", () => {
    const entries: CartEntry[] = [
      entry({ id: "a", priceCents: 10, cartQuantity: 3 }),
      entry({ id: "b", priceCents: 20, cartQuantity: 1 }),
      entry({ id: "c", priceCents: 1999, cartQuantity: 7 }),
    ];
    assert.equal(totalQuantity(entries), 11);
    assert.equal(totalCents(entries), 30 + 20 + 13993);
    assert.equal(totalCents(entries) / 100, 140.43);
    assert.equal(totalQuantity([]), 0);
    assert.equal(totalCents([]), 0);
  });

  test("a deleted product's line counts for nothing; a changed price is flagged", () => {
    const entries: CartEntry[] = [
      entry({ id: "a", priceCents: 500, addedPriceCents: 400, cartQuantity: 2 }),
      entry({ id: "gone", priceCents: 10000, cartQuantity: 3, available: false }),
    ];
    assert.equal(totalQuantity(entries), 2);
    assert.equal(totalCents(entries), 1000);
    assert.equal(entryCents(entries[1]), 0);
    assert.equal(priceChanged(entries[0]), true);
    assert.equal(priceChanged(entry({ priceCents: 1999, addedPriceCents: 1999 })), false);
    assert.equal(priceChanged(entries[1]), false, "a deleted product has no current price to compare");
  });

  test("a line shows the catalogue's product now, or its own record once the product is gone", () => {
    const now = product("lamp", 1, "Electronics", {
      name: "Lamp, renamed",
      priceCents: 4500,
      images: [{ src: "/new.webp", alt: "A picture" }],
    });
    const line = {
      productId: "lamp",
      name: "Lamp",
      priceCents: 4000,
      image: "/old.webp",
      details: "",
      quantity: 2,
      addedAt: 1,
      expiresAt: null,
    };
    const lookup = lookupIn([now]);
    assert.deepEqual(toCartEntries([line], lookup), [
      { id: "lamp", name: "Lamp, renamed", priceCents: 4500, image: "/new.webp", cartQuantity: 2, available: true, addedPriceCents: 4000 },
    ]);
    assert.deepEqual(toCartEntries([line], lookupIn([])), [
      { id: "lamp", name: "Lamp", priceCents: 4000, image: "/old.webp", cartQuantity: 2, available: false, addedPriceCents: 4000 },
    ]);
  });

  test("parseLineQuantity takes a whole number from 1 to 999 only; the browser's copies of the caps are the store's", () => {
    assert.equal(MAX_LINE_QUANTITY, LIMITS.lineQuantityMax, "the browser's copy of the cap");
    assert.equal(MAX_CART_LINES, LIMITS.cartLinesMax, "the browser's copy of the cart's line cap");
    for (const good of [1, 2, 998, 999]) assert.deepEqual(parseLineQuantity(good), { ok: true, quantity: good });
    for (const bad of [0, -1, 1000, 1.5, Number.NaN, Infinity, "3", null, undefined, {}, [2]]) {
      assert.deepEqual(parseLineQuantity(bad), { ok: false, code: "invalid_quantity", error: "Choose a quantity from 1 to 999." });
    }
  });

  test("pending adds and deletes overlay the server cart in order", () => {
    const server: CartEntry[] = [entry({ id: "a", name: "A", priceCents: 100, image: "/a.webp", cartQuantity: 2 })];
    const b = { id: "b", name: "B", priceCents: 250, image: "/b.webp" };
    const shown = applyPending(server, [
      { op: 1, kind: "add", product: { id: "a", name: "A", priceCents: 100, image: "/a.webp" } },
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
    assert.deepEqual(
      applyPending(shown, [{ op: 4, kind: "remove", id: "a" }]).map((e) => e.id),
      ["b"],
    );
    assert.deepEqual(
      applyPending(shown, [
        { op: 5, kind: "set", id: "b", quantity: 7 },
        { op: 6, kind: "set", id: "missing", quantity: 3 },
      ]).map((e) => [e.id, e.cartQuantity]),
      [
        ["a", 3],
        ["b", 7],
      ],
      "a set changes its line only, and adds none",
    );
    assert.deepEqual(
      shown[1],
      { ...b, cartQuantity: 2, available: true, addedPriceCents: 250 },
      "a new line is available at the price added",
    );
    // The server cart itself is never mutated.
    assert.equal(server[0].cartQuantity, 2);
  });

  test("toCartProduct keeps only what the cart shows", () => {
    const full = { ...toCardProduct(product("p", 1)), extra: "x" };
    assert.deepEqual(Object.keys(toCartProduct(full)).sort(), ["id", "image", "name", "priceCents"]);
  });
});
