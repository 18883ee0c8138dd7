import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

const guest: CartOwner = "guest:presence-guest";
const account: CartOwner = "user:presenceUid";

/** The two cheap probes: hasCart (the live stream's check) and ping (the health check). */
export function presenceContract(open: StoreFactory): void {
  describe("hasCart and ping", () => {
    let store: Store;
    let lamp: Product;
    let mug: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Presence Lamp" }));
      mug = await store.addProduct(newProduct({ name: "Presence Mug" }));
    });
    afterEach(() => store.close());

    it("hasCart is false until the owner's first line, and false again once the last line is gone", async () => {
      assert.equal(await store.hasCart(guest), false);
      await store.addToLine(guest, lamp.id);
      await store.addToLine(guest, mug.id, 3);
      assert.equal(await store.hasCart(guest), true);
      assert.equal(await store.hasCart(account), false, "another owner's lines do not count");
      await store.removeLine(guest, lamp.id);
      assert.equal(await store.hasCart(guest), true);
      await store.removeLine(guest, mug.id);
      assert.equal(await store.hasCart(guest), false);
    });

    it("hasCart follows a merge: the guest's cart is gone, the account's exists", async () => {
      await store.addToLine(guest, lamp.id);
      await store.mergeCarts(guest, account);
      assert.equal(await store.hasCart(guest), false);
      assert.equal(await store.hasCart(account), true);
    });

    it("hasCart refuses a malformed owner", async () => {
      for (const owner of ["", "alice", "guest:", "guest:a/b", "guest:__x__", 7]) {
        await rejectsWith(store.hasCart(owner as CartOwner), "invalid_input");
      }
    });

    it("ping answers on an open store, empty or not", async () => {
      await store.ping();
      const empty = await open();
      try {
        await empty.ping();
      } finally {
        await empty.close();
      }
    });

    it("ping and hasCart fail as unavailable, at once, once the store is closed", async () => {
      await store.close();
      const started = Date.now();
      await rejectsWith(store.ping(), "unavailable");
      await rejectsWith(store.hasCart(guest), "unavailable");
      assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
    });
  });
}
