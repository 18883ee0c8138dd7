import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartItem, CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { eventually, newProduct, pause } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const alice: CartOwner = "guest:feed-alice";
const bob: CartOwner = "guest:feed-bob";

export function feedContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("change feeds", () => {
    let store: Store;
    let lamp: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Feed Lamp" }));
    });
    afterEach(() => store.close());

    it("pushes the owner's whole cart after each change, and only that owner's", async () => {
      const seen: CartItem[][] = [];
      const stop = store.watchCart(alice, (items) => seen.push(items));
      await store.addToLine(bob, lamp.id);
      await store.addToLine(alice, lamp.id);
      await eventually(() => assert.equal(seen.at(-1)?.[0]?.quantity, 1));
      await store.addToLine(alice, lamp.id);
      await eventually(() => assert.equal(seen.at(-1)?.[0]?.quantity, 2));
      await store.removeLine(alice, lamp.id);
      await eventually(() => assert.deepEqual(seen.at(-1), []));
      for (const items of seen) assert.ok(items.length <= 1, "bob's line never reaches alice");
      stop();
      const count = seen.length;
      await store.addToLine(alice, lamp.id);
      await pause(150);
      assert.equal(seen.length, count, "no delivery after unsubscribe");
    });

    it("serves many subscribers of one cart", async () => {
      const a: number[] = [];
      const b: number[] = [];
      // Each delivery with its time since the subscriptions, so a failure
      // says which subscriber missed what, and how late (it flaked once on
      // Firestore: a delivery still at 0 three seconds after the add).
      const started = Date.now();
      const timeline: string[] = [];
      const record = (name: string, list: number[]) => (items: CartItem[]) => {
        list.push(items[0]?.quantity ?? 0);
        timeline.push(`${name}=${list.at(-1)} at ${Date.now() - started} ms`);
      };
      const stopA = store.watchCart(alice, record("a", a));
      const stopB = store.watchCart(alice, record("b", b));
      await store.addToLine(alice, lamp.id);
      timeline.push(`add committed at ${Date.now() - started} ms`);
      await eventually(() => {
        assert.equal(a.at(-1), 1, `subscriber a; deliveries: ${timeline.join(", ")}`);
        assert.equal(b.at(-1), 1, `subscriber b; deliveries: ${timeline.join(", ")}`);
      });
      stopA();
      await store.addToLine(alice, lamp.id);
      await eventually(() => assert.equal(b.at(-1), 2));
      assert.equal(a.at(-1), 1);
      stopB();
    });

    it("signals catalogue changes", async () => {
      let calls = 0;
      const stop = store.watchCatalog(() => calls++);
      await pause(100);
      const before = calls;
      await store.addProduct(newProduct({ name: "Brand new" }));
      await eventually(() => assert.ok(calls > before));
      stop();
      const after = calls;
      await store.addProduct(newProduct({ name: "Unheard" }));
      await pause(150);
      assert.equal(calls, after);
    });

    it("signals catalogue changes made by another instance on the same database", async () => {
      // The seed or import script, or a second server: its writes must expire
      // this process's long-lived catalogue cache too.
      const other = await openSecond(store);
      try {
        let calls = 0;
        const stop = store.watchCatalog(() => calls++);
        await pause(100);
        const before = calls;
        await other.addProduct(newProduct({ name: "Made elsewhere" }));
        await eventually(() => assert.ok(calls > before, "the other instance's add is signalled"), 5_000);
        const afterAdd = calls;
        await other.upsertProducts([{ ...lamp, name: "Feed Lamp, renamed elsewhere" }]);
        await eventually(() => assert.ok(calls > afterAdd, "the other instance's edit is signalled"), 5_000);
        stop();
        const afterStop = calls;
        await other.addProduct(newProduct({ name: "Unheard elsewhere" }));
        await pause(1_500);
        assert.equal(calls, afterStop, "no signal after unsubscribe");
      } finally {
        await other.close();
      }
    });

    it("refuses to watch a malformed owner", async () => {
      await rejectsWith(
        Promise.resolve().then(() => store.watchCart("x" as CartOwner, () => {})),
        "invalid_input",
      );
    });
  });
}
