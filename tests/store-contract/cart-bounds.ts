import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import type { CartOwner, Store } from "@/lib/data/types";
import { LIMITS } from "@/lib/data/validation";
import { newProduct } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

const guest: CartOwner = "guest:bounds-guest";
const DAY = 24 * 60 * 60 * 1000;

/** A clock for the store's carts that only moves when told. */
function movableClock(start = Date.UTC(2030, 0, 1)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => void (now += ms),
  };
}

/** The bounds of a cart: the clock it runs on, what a line copies. */
export function cartBoundsContract(open: StoreFactory): void {
  describe("cart bounds", () => {
    let store: Store;
    afterEach(() => store.close());

    it("stamps a line with the time of the store's cart clock", async () => {
      const clock = movableClock();
      store = await open({ cartClock: clock.now });
      const lamp = await store.addProduct(newProduct());
      const mug = await store.addProduct(newProduct());
      assert.equal((await store.addToLine(guest, lamp.id)).item.addedAt, clock.now());
      clock.advance(DAY);
      await store.addToLine(guest, mug.id);
      assert.deepEqual((await store.listCart(guest)).map((line) => line.addedAt), [clock.now() - DAY, clock.now()]);
    });

    it(`a line copies the first ${LIMITS.cartDetailsMax} characters of its product's details, whole characters only`, async () => {
      const clock = movableClock();
      store = await open({ cartClock: clock.now });
      // An astral character (two UTF-16 units) straddles the cut: it is kept whole.
      const long = `${"d".repeat(LIMITS.cartDetailsMax - 1)}🛒${"e".repeat(LIMITS.detailsMax - LIMITS.cartDetailsMax - 1)}`;
      const lamp = await store.addProduct(newProduct({ details: long }));
      const short = await store.addProduct(newProduct({ details: "Short details." }));
      const { item } = await store.addToLine(guest, lamp.id);
      assert.equal(item.details, `${"d".repeat(LIMITS.cartDetailsMax - 1)}🛒`);
      assert.equal(Array.from(item.details).length, LIMITS.cartDetailsMax);
      clock.advance(1);
      await store.addToLine(guest, short.id);
      const cart = await store.listCart(guest);
      assert.deepEqual(cart.map((line) => line.details), [item.details, "Short details."]);
      assert.equal((await store.getProduct(lamp.id))?.details, long, "the product keeps its whole details");
    });
  });
}
