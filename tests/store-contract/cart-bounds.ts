import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { isStoreError, type StoreError } from "@/lib/data/contract/errors";
import { rejectsWith } from "../helpers/assert-store-error";
import { eventually, newProduct, product } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

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

/** `n` products with ids bound-0, bound-1…, in the store. */
async function products(store: Store, n: number): Promise<string[]> {
  const all = Array.from({ length: n }, (_, i) => product(`bound-${i}`, i + 1));
  await store.upsertProducts(all);
  return all.map((p) => p.id);
}

/** Gives `owner` one line of each product, in parallel (a batch or a few on Firestore). */
async function fill(store: Store, owner: CartOwner, ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => store.addToLine(owner, id)));
}

/**
 * The bounds of a cart: the clock it runs on, what a line copies, how many
 * lines it holds, how long a guest's lines live.
 */
export function cartBoundsContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
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
      assert.deepEqual(
        (await store.listCart(guest)).map((line) => line.addedAt),
        [clock.now() - DAY, clock.now()],
      );
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
      assert.deepEqual(
        cart.map((line) => line.details),
        [item.details, "Short details."],
      );
      assert.equal((await store.getProduct(lamp.id))?.details, long, "the product keeps its whole details");
    });

    for (const owner of [guest, account]) {
      describe(`at most ${LIMITS.cartLinesMax} lines in a cart (${owner.split(":")[0]})`, () => {
        it(`refuses a new line in a cart of ${LIMITS.cartLinesMax} and writes nothing; more of a line still fits`, async () => {
          store = await open();
          const ids = await products(store, LIMITS.cartLinesMax + 1);
          const [extra] = ids.splice(LIMITS.cartLinesMax);
          await fill(store, owner, ids);
          assert.equal((await store.listCart(owner)).length, LIMITS.cartLinesMax);
          const refused = await rejectsWith(store.addToLine(owner, extra), "limit_exceeded");
          assert.ok(refused.fields.cartLinesMax, "the error names the cart's cap, not the line's");
          const cart = await store.listCart(owner);
          assert.equal(cart.length, LIMITS.cartLinesMax);
          assert.equal(
            cart.find((line) => line.productId === extra),
            undefined,
          );
          assert.equal((await store.addToLine(owner, ids[0], 5)).item.quantity, 6);
          assert.equal((await store.setLineQuantity(owner, ids[1], 7))?.quantity, 7);
          assert.equal(await store.removeLine(owner, ids[2]), true);
          assert.equal((await store.addToLine(owner, extra)).created, true, "a removed line frees its place");
          await rejectsWith(store.addToLine(owner, ids[2]), "limit_exceeded");
          assert.equal((await store.listCart(owner)).length, LIMITS.cartLinesMax);
        });

        it(
          `two instances adding two new products at once to a cart of ${LIMITS.cartLinesMax - 1}: exactly one gets in`,
          { timeout: 60_000 },
          async () => {
            store = await open();
            const rounds = 5;
            const ids = await products(store, LIMITS.cartLinesMax - 1 + 2 * rounds);
            const racers = ids.splice(LIMITS.cartLinesMax - 1);
            await fill(store, owner, ids);
            const other = await openSecond(store);
            try {
              await other.listCart(owner); // connected, so both adds start together
              for (let round = 0; round < rounds; round++) {
                const pair = racers.slice(2 * round, 2 * round + 2);
                const settled = await Promise.allSettled([store.addToLine(owner, pair[0]), other.addToLine(owner, pair[1])]);
                const added = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value.item.productId] : []));
                const refused = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as StoreError] : []));
                // Exactly one: the cap holds under the race, and the other add is refused by the cap, never by a timeout.
                assert.equal(added.length, 1, `round ${round + 1}: ${added.length} adds got in (${refused.map((e) => e.code)})`);
                assert.ok(
                  isStoreError(refused[0], "limit_exceeded") && refused[0].fields.cartLinesMax,
                  `round ${round + 1}: refused as ${refused[0].code}`,
                );
                assert.equal((await other.listCart(owner)).length, LIMITS.cartLinesMax);
                // Back to one place left for the next round.
                assert.equal(await store.removeLine(owner, added[0]), true);
              }
            } finally {
              await other.close();
            }
          },
        );

        it("parallel adds of new products to one cart stop at the cap, whatever the batching", async () => {
          store = await open();
          const ids = await products(store, LIMITS.cartLinesMax + 10);
          const settled = await Promise.allSettled(ids.map((id) => store.addToLine(owner, id)));
          assert.equal(settled.filter((s) => s.status === "fulfilled").length, LIMITS.cartLinesMax);
          for (const s of settled) if (s.status === "rejected") await rejectsWith(Promise.reject(s.reason), "limit_exceeded");
          assert.equal((await store.listCart(owner)).length, LIMITS.cartLinesMax);
        });
      });
    }

    describe(`a merge past ${LIMITS.cartLinesMax} lines`, () => {
      it("keeps every account line and the newest guest lines, and says which guest lines it dropped", { timeout: 60_000 }, async () => {
        const clock = movableClock();
        store = await open({ cartClock: clock.now });
        const ids = await products(store, 150);
        const accountIds = ids.slice(0, 60);
        const shared = accountIds.slice(55);
        const fresh = ids.slice(100, 145);
        await fill(store, account, accountIds);
        // The guest's oldest lines are the ones the account has: they join it whatever their age.
        for (const id of [...shared, ...fresh]) {
          clock.advance(60_000);
          await store.addToLine(guest, id);
        }
        const { items, dropped } = await store.mergeCarts(guest, account);
        const room = LIMITS.cartLinesMax - accountIds.length;
        const left = fresh.length - room;
        // Each dropped line as the guest cart held it: its name is what the shopper is told.
        assert.deepEqual(dropped.map((line) => line.productId).sort(), fresh.slice(0, left).sort(), "the oldest new guest lines");
        const guestLines = new Map((await Promise.all(fresh.map((id) => store.getProduct(id)))).map((p) => [p!.id, p!.name]));
        for (const line of dropped) assert.deepEqual([line.quantity, line.name], [1, guestLines.get(line.productId)]);
        assert.equal(items.length, LIMITS.cartLinesMax);
        const held = new Map(items.map((line) => [line.productId, line]));
        for (const id of accountIds) assert.ok(held.has(id), `the account keeps ${id}`);
        for (const id of shared) assert.equal(held.get(id)?.quantity, 2, "a shared product's quantities add");
        for (const id of fresh.slice(0, left)) assert.equal(held.has(id), false, `the old guest line ${id} is dropped`);
        for (const id of fresh.slice(left)) assert.equal(held.get(id)?.quantity, 1, `the newer guest line ${id} moves`);
        assert.ok(
          items.every((line) => line.expiresAt === null),
          "moved lines keep no expiry",
        );
        assert.deepEqual(await store.listCart(guest), [], "the guest cart is emptied, dropped lines too");
        assert.deepEqual(await store.listCart(account), items);
        const full = await rejectsWith(store.addToLine(account, ids[149]), "limit_exceeded");
        assert.ok(full.fields.cartLinesMax, "the merged cart counts as full");
        await store.removeLine(account, accountIds[0]);
        assert.equal((await store.addToLine(account, ids[149])).created, true);
      });

      it("into a full account: every new guest line is dropped, a shared one still adds", async () => {
        store = await open();
        const ids = await products(store, LIMITS.cartLinesMax + 2);
        await fill(store, account, ids.slice(0, LIMITS.cartLinesMax));
        await store.addToLine(guest, ids[0], 4);
        await store.addToLine(guest, ids[LIMITS.cartLinesMax]);
        await store.addToLine(guest, ids[LIMITS.cartLinesMax + 1]);
        const { items, dropped } = await store.mergeCarts(guest, account);
        assert.deepEqual(dropped.map((line) => line.productId).sort(), [ids[LIMITS.cartLinesMax], ids[LIMITS.cartLinesMax + 1]].sort());
        assert.equal(items.length, LIMITS.cartLinesMax);
        assert.equal(items.find((line) => line.productId === ids[0])?.quantity, 5);
        assert.deepEqual(await store.listCart(guest), []);
      });
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
        assert.deepEqual(await expiries(guest), [
          [lamp.id, t0 + 40 * DAY],
          [mug.id, t0 + 40 * DAY],
        ]);
        clock.advance(DAY);
        assert.equal((await store.addToLine(guest, lamp.id)).item.expiresAt, t0 + 41 * DAY, "an add to an existing line");
        assert.deepEqual(await expiries(guest), [
          [lamp.id, t0 + 41 * DAY],
          [mug.id, t0 + 41 * DAY],
        ]);
        clock.advance(9 * DAY);
        assert.equal((await store.setLineQuantity(guest, lamp.id, 3))?.expiresAt, t0 + 50 * DAY);
        assert.deepEqual(await expiries(guest), [
          [lamp.id, t0 + 50 * DAY],
          [mug.id, t0 + 50 * DAY],
        ]);
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

      it(`expired lines count for nothing: a guest's full cart takes new lines once they have expired`, async () => {
        const ids = await products(store, LIMITS.cartLinesMax + 1);
        const [extra] = ids.splice(LIMITS.cartLinesMax);
        await fill(store, guest, ids);
        await rejectsWith(store.addToLine(guest, extra), "limit_exceeded");
        clock.advance(30 * DAY);
        assert.equal((await store.addToLine(guest, extra)).created, true);
        assert.deepEqual(
          (await store.listCart(guest)).map((line) => line.productId),
          [extra],
        );
      });

      it("an account's lines never expire", async () => {
        assert.equal((await store.addToLine(account, lamp.id)).item.expiresAt, null);
        clock.advance(400 * DAY);
        await store.addToLine(account, mug.id);
        assert.equal((await store.setLineQuantity(account, lamp.id, 2))?.expiresAt, null);
        clock.advance(400 * DAY);
        assert.deepEqual(await expiries(account), [
          [lamp.id, null],
          [mug.id, null],
        ]);
        assert.equal(await store.hasCart(account), true);
      });

      it("a merge moves only the guest's live lines, which lose their expiry in the account", async () => {
        await store.addToLine(guest, lamp.id);
        clock.advance(DAY);
        await store.addToLine(account, mug.id);
        await store.mergeCarts(guest, account);
        assert.deepEqual(await expiries(account), [
          [lamp.id, null],
          [mug.id, null],
        ]);
        clock.advance(400 * DAY);
        assert.equal((await store.listCart(account)).length, 2);

        await store.addToLine(guest, mug.id, 3);
        clock.advance(30 * DAY);
        await store.mergeCarts(guest, account);
        assert.deepEqual(
          (await store.listCart(account)).map((line) => line.quantity),
          [1, 1],
          "the expired line was not moved",
        );
        assert.deepEqual(await store.listCart(guest), []);
      });
    });
  });
}
