import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { LIMITS } from "@/lib/data/contract/limits";
import type { CartOwner, LineAddResult } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const alice: CartOwner = "guest:alice-0001";
const bob: CartOwner = "guest:bob-0002";
const aliceAccount: CartOwner = "user:uidAlice123";

export function cartContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("cart", () => {
    let store: Store;
    let lamp: Product;
    let mug: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Desk Lamp", priceCents: 3999 }));
      mug = await store.addProduct(newProduct({ name: "Mug", priceCents: 1250, type: "Accessories" }));
    });
    afterEach(() => store.close());

    it("starts empty for every owner", async () => {
      assert.deepEqual(await store.listCart(alice), []);
    });

    it("creates a line on the first add and increments it after", async () => {
      const first = await store.addToLine(alice, lamp.id);
      assert.equal(first.created, true);
      assert.equal(first.item.quantity, 1);
      assert.equal(first.item.name, "Desk Lamp");
      assert.equal(first.item.priceCents, 3999);
      assert.equal(first.item.image, lamp.images[0].src);
      assert.equal(first.item.details, lamp.details);
      const second = await store.addToLine(alice, lamp.id);
      assert.equal(second.created, false);
      assert.equal(second.item.quantity, 2);
      const third = await store.addToLine(alice, lamp.id, 3);
      assert.equal(third.item.quantity, 5);
      const cart = await store.listCart(alice);
      assert.equal(cart.length, 1);
      assert.equal(cart[0].quantity, 5);
    });

    it("lists lines in the order they were first added", async () => {
      await store.addToLine(alice, mug.id);
      await new Promise((r) => setTimeout(r, 5));
      await store.addToLine(alice, lamp.id);
      await store.addToLine(alice, mug.id);
      assert.deepEqual(
        (await store.listCart(alice)).map((i) => i.productId),
        [mug.id, lamp.id],
      );
    });

    it("keeps every owner's cart apart", async () => {
      await store.addToLine(alice, lamp.id);
      await store.addToLine(bob, mug.id);
      assert.deepEqual(
        (await store.listCart(alice)).map((i) => i.productId),
        [lamp.id],
      );
      assert.deepEqual(
        (await store.listCart(bob)).map((i) => i.productId),
        [mug.id],
      );
      assert.equal(await store.removeLine(bob, lamp.id), false);
      assert.equal((await store.listCart(alice)).length, 1);
    });

    it("refuses an unknown product and writes nothing", async () => {
      await rejectsWith(store.addToLine(alice, "no-such-product"), "not_found");
      assert.deepEqual(await store.listCart(alice), []);
    });

    it("refuses malformed owners and product ids and writes nothing", async () => {
      for (const owner of ["", "alice", "admin:x", "guest:", "guest:a/b", "user:../x", 7]) {
        await rejectsWith(store.addToLine(owner as CartOwner, lamp.id), "invalid_input");
        await rejectsWith(store.listCart(owner as CartOwner), "invalid_input");
      }
      for (const id of ["", "a/b", "x".repeat(LIMITS.idMax + 1), null, { id: lamp.id }]) {
        await rejectsWith(store.addToLine(alice, id as string), "invalid_input");
      }
      assert.deepEqual(await store.listCart(alice), []);
    });

    it("refuses absurd quantities and writes nothing", async () => {
      for (const quantity of [0, -1, 1.5, LIMITS.addQuantityMax + 1, 1e9, Number.NaN, "2" as unknown as number]) {
        await rejectsWith(store.addToLine(alice, lamp.id, quantity), "invalid_input");
      }
      assert.deepEqual(await store.listCart(alice), []);
    });

    it(`caps a line at ${LIMITS.lineQuantityMax} units without changing it`, async () => {
      const fullRounds = Math.floor(LIMITS.lineQuantityMax / LIMITS.addQuantityMax);
      for (let i = 0; i < fullRounds; i++) await store.addToLine(alice, lamp.id, LIMITS.addQuantityMax);
      const rest = LIMITS.lineQuantityMax - fullRounds * LIMITS.addQuantityMax;
      if (rest > 0) await store.addToLine(alice, lamp.id, rest);
      await rejectsWith(store.addToLine(alice, lamp.id), "limit_exceeded");
      assert.equal((await store.listCart(alice))[0].quantity, LIMITS.lineQuantityMax);
    });

    it("removes a line and reports whether it existed", async () => {
      await store.addToLine(alice, lamp.id);
      await store.addToLine(alice, mug.id);
      assert.equal(await store.removeLine(alice, lamp.id), true);
      assert.equal(await store.removeLine(alice, lamp.id), false);
      assert.deepEqual(
        (await store.listCart(alice)).map((i) => i.productId),
        [mug.id],
      );
      await rejectsWith(store.removeLine(alice, "a b"), "invalid_input");
    });

    // Generous bounds: on the Firestore emulator these once ran out of
    // transaction retries after 105 s; they now take well under a second or two.
    it("ends at exactly 200 after 200 parallel adds of one product", { timeout: 30_000 }, async () => {
      const results = await Promise.all(Array.from({ length: 200 }, () => store.addToLine(alice, lamp.id)));
      assertExactAdds(results, 200);
      assert.equal((await store.listCart(alice))[0].quantity, 200);
    });

    it("ends exact when two instances (two server processes) add to one line in parallel", { timeout: 30_000 }, async () => {
      const other = await openSecond(store);
      try {
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, i) => [store, other][i % 2].addToLine(alice, lamp.id)).concat(
            Array.from({ length: 100 }, (_, i) => [other, store][i % 2].addToLine(alice, lamp.id, 2)),
          ),
        );
        assert.equal(results.filter((r) => r.created).length, 1, "exactly one add created the line");
        const quantities = results.map((r) => r.item.quantity);
        assert.equal(new Set(quantities).size, 200, "every add saw a distinct quantity");
        assert.equal(Math.max(...quantities), 300);
        assert.equal((await store.listCart(alice))[0].quantity, 300);
        assert.equal((await other.listCart(alice))[0].quantity, 300);
      } finally {
        await other.close();
      }
    });

    it(`holds the ${LIMITS.lineQuantityMax} cap under parallel adds: the adds that fit succeed, the rest are refused`, async () => {
      const max = LIMITS.addQuantityMax;
      const fit = Math.floor(LIMITS.lineQuantityMax / max);
      const settled = await Promise.allSettled(Array.from({ length: fit + 2 }, () => store.addToLine(alice, lamp.id, max)));
      const added = settled.filter((s) => s.status === "fulfilled").map((s) => s.value);
      const refused = settled.filter((s) => s.status === "rejected").map((s) => s.reason);
      assert.equal(added.length, fit);
      assert.deepEqual(
        added.map((r) => r.item.quantity).sort((a, b) => a - b),
        Array.from({ length: fit }, (_, i) => (i + 1) * max),
      );
      assert.equal(refused.length, 2);
      for (const reason of refused) await rejectsWith(Promise.reject(reason), "limit_exceeded");
      const rest = LIMITS.lineQuantityMax - fit * max;
      const ones = await Promise.allSettled(Array.from({ length: rest + 1 }, () => store.addToLine(alice, lamp.id)));
      assert.equal(ones.filter((s) => s.status === "fulfilled").length, rest, "the units that still fit are added");
      assert.equal((await store.listCart(alice))[0].quantity, LIMITS.lineQuantityMax);
    });

    it("parallel adds of different products and owners each land on their own line", async () => {
      const results = await Promise.all([
        ...Array.from({ length: 10 }, () => store.addToLine(alice, lamp.id)),
        ...Array.from({ length: 10 }, () => store.addToLine(alice, mug.id)),
        ...Array.from({ length: 10 }, () => store.addToLine(bob, lamp.id)),
      ]);
      assertExactAdds(results.slice(0, 10), 10);
      assertExactAdds(results.slice(10, 20), 10);
      assertExactAdds(results.slice(20), 10);
      assert.deepEqual(
        (await store.listCart(alice)).map((i) => i.quantity),
        [10, 10],
      );
      assert.equal((await store.listCart(bob))[0].quantity, 10);
    });

    it("a refused add in a crowd of parallel adds leaves the others intact", async () => {
      const settled = await Promise.allSettled([
        store.addToLine(alice, lamp.id),
        store.addToLine(alice, "no-such-product"),
        store.addToLine(alice, lamp.id),
      ]);
      assert.deepEqual(
        settled.map((s) => s.status),
        ["fulfilled", "rejected", "fulfilled"],
      );
      assert.equal((await store.listCart(alice))[0].quantity, 2);
    });

    it("merges a guest cart into an account: quantities add, the guest cart empties", async () => {
      await store.addToLine(alice, lamp.id, 2);
      await store.addToLine(alice, mug.id, 1);
      await store.addToLine(aliceAccount, lamp.id, 3);
      const { items: merged, dropped } = await store.mergeCarts(alice, aliceAccount);
      assert.deepEqual(dropped, []);
      const byId = new Map(merged.map((i) => [i.productId, i.quantity]));
      assert.equal(byId.get(lamp.id), 5);
      assert.equal(byId.get(mug.id), 1);
      assert.deepEqual(await store.listCart(alice), []);
      assert.deepEqual(await store.listCart(aliceAccount), merged);
    });

    it("merging an empty or identical cart changes nothing", async () => {
      await store.addToLine(aliceAccount, lamp.id, 2);
      assert.deepEqual(await store.mergeCarts(bob, aliceAccount), { items: await store.listCart(aliceAccount), dropped: [] });
      assert.equal((await store.mergeCarts(aliceAccount, aliceAccount)).items[0].quantity, 2);
      await rejectsWith(store.mergeCarts("nobody" as CartOwner, aliceAccount), "invalid_input");
      assert.equal((await store.listCart(aliceAccount))[0].quantity, 2);
    });

    it(`caps merged quantities at ${LIMITS.lineQuantityMax}`, async () => {
      for (let i = 0; i < 6; i++) await store.addToLine(alice, lamp.id, 99);
      for (let i = 0; i < 6; i++) await store.addToLine(aliceAccount, lamp.id, 99);
      const { items: merged } = await store.mergeCarts(alice, aliceAccount);
      assert.equal(merged[0].quantity, LIMITS.lineQuantityMax);
    });
  });
}

/** One add of one unit per result: exactly one created the line, each saw its own quantity 1..n. */
function assertExactAdds(results: LineAddResult[], n: number): void {
  assert.equal(results.filter((r) => r.created).length, 1, "exactly one add created the line");
  assert.equal(results.find((r) => r.created)?.item.quantity, 1, "the add that created the line saw quantity 1");
  assert.deepEqual(
    results.map((r) => r.item.quantity).sort((a, b) => a - b),
    Array.from({ length: n }, (_, i) => i + 1),
    "every add saw a distinct quantity",
  );
}
