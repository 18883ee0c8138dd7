import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import type { CartOwner, Store } from "@/lib/data/types";
import { LIMITS } from "@/lib/data/validation";
import { newProduct } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

const guest: CartOwner = "guest:bounds-guest";

/** The bounds of a cart: what a line copies. */
export function cartBoundsContract(open: StoreFactory): void {
  describe("cart bounds", () => {
    let store: Store;
    afterEach(() => store.close());

    it(`a line copies the first ${LIMITS.cartDetailsMax} characters of its product's details, whole characters only`, async () => {
      store = await open();
      // An astral character (two UTF-16 units) straddles the cut: it is kept whole.
      const long = `${"d".repeat(LIMITS.cartDetailsMax - 1)}🛒${"e".repeat(LIMITS.detailsMax - LIMITS.cartDetailsMax - 1)}`;
      const lamp = await store.addProduct(newProduct({ details: long }));
      const short = await store.addProduct(newProduct({ details: "Short details." }));
      const { item } = await store.addToLine(guest, lamp.id);
      assert.equal(item.details, `${"d".repeat(LIMITS.cartDetailsMax - 1)}🛒`);
      assert.equal(Array.from(item.details).length, LIMITS.cartDetailsMax);
      await store.addToLine(guest, short.id);
      const cart = await store.listCart(guest);
      assert.deepEqual(cart.map((line) => line.details), [item.details, "Short details."]);
      assert.equal((await store.getProduct(lamp.id))?.details, long, "the product keeps its whole details");
    });
  });
}
