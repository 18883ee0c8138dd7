import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct, product } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

// Firestore reserves document ids of the form __…__; SQLite would store them.
// Both backends must refuse them alike, before anything is written.
const RESERVED = ["__x__", "____", "__products__", "__name__"];
const HOUR = 60 * 60 * 1000;

export function reservedIdContract(open: StoreFactory): void {
  describe("reserved ids (__…__)", () => {
    let store: Store;
    let lamp: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Reserved Lamp" }));
    });
    afterEach(() => store.close());

    it("a product id of that form is malformed, not missing (pages answer 404 for it)", async () => {
      for (const id of RESERVED) {
        const error = await rejectsWith(store.getProduct(id), "invalid_input");
        assert.match(error.message, /reserved/);
      }
    });

    it("ids that merely contain __ stay valid", async () => {
      await store.upsertProducts([product("__lead", 1000), product("trail__", 2000), product("mid__dle", 3000)]);
      for (const id of ["__lead", "trail__", "mid__dle"]) assert.equal((await store.getProduct(id))?.id, id);
    });

    it("an import carrying one is refused whole, naming the record, and writes nothing", async () => {
      const error = await rejectsWith(store.upsertProducts([product("fine-1", 1000), product("__x__", 2000)]), "invalid_input");
      assert.match(error.message, /product 2/);
      assert.match(error.message, /reserved/);
      assert.deepEqual(
        (await store.listProducts()).map((p) => p.id),
        [lamp.id],
      );
    });

    it("an add to cart of one is refused and writes nothing", async () => {
      const alice: CartOwner = "guest:reserved-alice";
      for (const id of RESERVED) await rejectsWith(store.addToLine(alice, id), "invalid_input");
      await rejectsWith(store.removeLine(alice, "__x__"), "invalid_input");
      assert.deepEqual(await store.listCart(alice), []);
    });

    it("an owner whose id part has that form is refused everywhere and nothing is written", async () => {
      for (const owner of ["guest:__x__", "user:__x__", "user:____"] as CartOwner[]) {
        await rejectsWith(store.addToLine(owner, lamp.id), "invalid_input");
        await rejectsWith(store.listCart(owner), "invalid_input");
        await rejectsWith(store.mergeCarts(owner, "user:someone"), "invalid_input");
        await rejectsWith(store.mergeCarts("guest:someone", owner), "invalid_input");
        await rejectsWith(
          Promise.resolve().then(() => store.watchCart(owner, () => {})),
          "invalid_input",
        );
      }
      assert.deepEqual(await store.listCart("user:someone"), []);
    });

    it("a user id or session id of that form is refused and nothing is written", async () => {
      await rejectsWith(store.getUser("__x__"), "invalid_input");
      await rejectsWith(store.createUserIfMissing("__x__", { displayName: "Ann", email: "a@example.com" }), "invalid_input");
      await rejectsWith(store.revokeSession("__x__", Date.now() + HOUR), "invalid_input");
      await rejectsWith(store.isSessionRevoked("__x__"), "invalid_input");
    });
  });
}
