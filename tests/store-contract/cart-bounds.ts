import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner, Product, Store } from "@/lib/data/types";
import { LIMITS } from "@/lib/data/validation";
import { eventually, newProduct } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

const guest: CartOwner = "guest:bounds-guest";
const account: CartOwner = "user:boundsAccount";
const DAY = 24 * 60 * 60 * 1000;

/** A clock for the store's carts that only moves when told. */
function movableClock(start = Date.UTC(2030, 0, 1)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => void (now += ms),
  };
}

/** The bounds of a cart: the clock it runs on, what a line copies, how long a guest's lines live. */
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

    describe("expiry", () => {
      let clock: ReturnType<typeof movableClock>;
      let lamp: Product;
      let mug: Product;
      const expiries = async (owner: CartOwner) => (await store.listCart(owner)).map((line) => [line.productId, line.expiresAt]);
      beforeEach(async () => {
        clock = movableClock();
        store = await open({ cartClock: clock.now });
        lamp = await store.addProduct(newProduct({ name: "Lamp" }));
        mug = await store.addProduct(newProduct({ name: "Mug" }));
      });

      it("a guest's lines all expire 30 days after the cart's last change: each add, quantity and remove restamps them", async () => {
        const t0 = clock.now();
        assert.equal((await store.addToLine(guest, lamp.id)).item.expiresAt, t0 + 30 * DAY);
        clock.advance(10 * DAY);
        assert.equal((await store.addToLine(guest, mug.id)).item.expiresAt, t0 + 40 * DAY);
        assert.deepEqual(await expiries(guest), [[lamp.id, t0 + 40 * DAY], [mug.id, t0 + 40 * DAY]]);
        clock.advance(DAY);
        assert.equal((await store.addToLine(guest, lamp.id)).item.expiresAt, t0 + 41 * DAY, "an add to an existing line");
        assert.deepEqual(await expiries(guest), [[lamp.id, t0 + 41 * DAY], [mug.id, t0 + 41 * DAY]]);
        clock.advance(9 * DAY);
        assert.equal((await store.setLineQuantity(guest, lamp.id, 3))?.expiresAt, t0 + 50 * DAY);
        assert.deepEqual(await expiries(guest), [[lamp.id, t0 + 50 * DAY], [mug.id, t0 + 50 * DAY]]);
        clock.advance(5 * DAY);
        assert.equal(await store.removeLine(guest, mug.id), true);
        assert.deepEqual(await expiries(guest), [[lamp.id, t0 + 55 * DAY]], "a remove restamps the lines it leaves");
        clock.advance(30 * DAY - 1);
        assert.equal((await store.listCart(guest)).length, 1, "still there a millisecond before its expiry");
        clock.advance(1);
        assert.deepEqual(await store.listCart(guest), []);
        assert.equal(await store.hasCart(guest), false);
      });

      it("a line past its expiry is in no read and no write finds it, before any cleanup deletes it", async () => {
        await store.addToLine(guest, lamp.id, 5);
        await store.addToLine(guest, mug.id);
        const seen: string[][] = [];
        const stop = store.watchCart(guest, (items) => seen.push(items.map((line) => line.productId)));
        clock.advance(30 * DAY);
        assert.deepEqual(await store.listCart(guest), []);
        assert.equal(await store.hasCart(guest), false);
        assert.equal(await store.setLineQuantity(guest, lamp.id, 2), null);
        assert.equal(await store.removeLine(guest, mug.id), false);
        const again = await store.addToLine(guest, lamp.id);
        assert.equal(again.created, true, "the expired line counts for nothing: the add starts a new one");
        assert.equal(again.item.quantity, 1);
        assert.equal(again.item.addedAt, clock.now());
        assert.deepEqual(await expiries(guest), [[lamp.id, clock.now() + 30 * DAY]]);
        await eventually(() => assert.deepEqual(seen.at(-1), [lamp.id]));
        stop();
      });

      it("an account's lines never expire", async () => {
        assert.equal((await store.addToLine(account, lamp.id)).item.expiresAt, null);
        clock.advance(400 * DAY);
        await store.addToLine(account, mug.id);
        assert.equal((await store.setLineQuantity(account, lamp.id, 2))?.expiresAt, null);
        clock.advance(400 * DAY);
        assert.deepEqual(await expiries(account), [[lamp.id, null], [mug.id, null]]);
        assert.equal(await store.hasCart(account), true);
      });

      it("a merge moves only the guest's live lines, which lose their expiry in the account", async () => {
        await store.addToLine(guest, lamp.id);
        clock.advance(DAY);
        await store.addToLine(account, mug.id);
        await store.mergeCarts(guest, account);
        assert.deepEqual(await expiries(account), [[lamp.id, null], [mug.id, null]]);
        clock.advance(400 * DAY);
        assert.equal((await store.listCart(account)).length, 2);

        await store.addToLine(guest, mug.id, 3);
        clock.advance(30 * DAY);
        await store.mergeCarts(guest, account);
        assert.deepEqual((await store.listCart(account)).map((line) => line.quantity), [1, 1], "the expired line was not moved");
        assert.deepEqual(await store.listCart(guest), []);
      });
    });
  });
}
