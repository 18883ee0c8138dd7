/**
 * The cart's stock rule on the server (lib/cart/stock-check.ts) against a
 * real SQLite store: every add path (Add to Cart's action, a Delete's
 * restore, a raised quantity, the forms posted without JavaScript) refuses
 * more units than are in stock, in words that say how many are left;
 * lowering a line is always allowed; an untracked product has no limit.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { applyCartForm } from "@/lib/cart/form-post";
import type { ProductId } from "@/lib/data/contract/catalog";
import { addToOwnerCart, restoreToOwnerCart, setOwnerCartQuantity } from "@/lib/cart/service";
import { stockRefusal } from "@/lib/cart/stock-check";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { product, productsOf } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "cart-stock-"));
const guest: CartOwner = "guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
const other: CartOwner = "guest:1b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
const id = (value: string) => value as ProductId;
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the cart's stock rule", () => {
  let store: Store;
  before(async () => {
    store = await openSqliteStore(join(dir, "store.db"));
    await store.upsertProducts([product("lamp", 1), product("mug", 2), product("pen", 3)]);
    await store.setStock("lamp", 2, null);
    await store.setStock("mug", 0, null);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the pure rule: untracked or enough never refuses; 0 and too many say why", () => {
    assert.equal(stockRefusal(null, 999), null);
    assert.equal(stockRefusal(2, 2), null);
    assert.match(stockRefusal(0, 1)?.error ?? "", /out of stock/);
    assert.match(stockRefusal(2, 3)?.error ?? "", /Only 2 are in stock/);
    assert.match(stockRefusal(1, 2)?.error ?? "", /Only 1 is in stock/);
    assert.equal(stockRefusal(2, 3)?.code, "out_of_stock");
  });

  test("Add to Cart at 0 is refused and writes nothing; adds stop at the stock", async () => {
    const none = await addToOwnerCart(store, guest, id("mug"), productsOf(store));
    assert.ok(!none.ok && none.code === "out_of_stock");
    assert.match(none.error, /out of stock/);
    assert.ok((await addToOwnerCart(store, guest, id("lamp"), productsOf(store))).ok);
    assert.ok((await addToOwnerCart(store, guest, id("lamp"), productsOf(store))).ok);
    const third = await addToOwnerCart(store, guest, id("lamp"), productsOf(store));
    assert.ok(!third.ok && third.code === "out_of_stock");
    assert.match(third.error, /Only 2 are in stock/);
    assert.deepEqual(
      (await store.listCart(guest)).map((line) => [line.productId, line.quantity]),
      [["lamp", 2]],
    );
  });

  test("a raised quantity past the stock is refused; lowering is allowed even above it", async () => {
    const raised = await setOwnerCartQuantity(store, other, id("lamp"), 1, productsOf(store));
    assert.ok(raised.ok);
    await store.addToLine(other, "pen", 1);
    assert.ok((await setOwnerCartQuantity(store, other, id("pen"), 500, productsOf(store))).ok, "an untracked product has no limit");
    // The line holds 2 of lamp when a sale leaves 1 in stock.
    await store.addToLine(other, "lamp", 1);
    await store.setStock("lamp", 1, 2);
    const up = await setOwnerCartQuantity(store, other, id("lamp"), 3, productsOf(store));
    assert.ok(!up.ok && up.code === "out_of_stock");
    assert.match(up.error, /Only 1 is in stock/);
    assert.ok((await setOwnerCartQuantity(store, other, id("lamp"), 1, productsOf(store))).ok);
    await store.setStock("lamp", 2, 1);
  });

  test("a Delete's restore past the stock is refused", async () => {
    const restored = await restoreToOwnerCart(store, other, id("mug"), 1, productsOf(store));
    assert.ok(!restored.ok && restored.code === "out_of_stock");
    assert.equal(
      (await store.listCart(other)).find((line) => line.productId === "mug"),
      undefined,
    );
  });

  test("the forms without JavaScript are refused the same way", async () => {
    const request = { owner: async () => other, store: async () => store, products: productsOf(store) };
    assert.equal(await applyCartForm(request, form({ intent: "add", productId: "mug" })), "out_of_stock");
    assert.equal(await applyCartForm(request, form({ intent: "set", productId: "lamp", quantity: "3" })), "out_of_stock");
  });
});
