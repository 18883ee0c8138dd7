import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { LIMITS } from "@/lib/data/contract/limits";
import type { NewProduct } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct, product } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

export function productContract(open: StoreFactory): void {
  describe("products", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("starts empty", async () => {
      assert.deepEqual(await store.listProducts(), []);
    });

    it("adds a product and reads it back by id", async () => {
      const input = newProduct({ name: "Aurora Headphones", priceCents: 12999 });
      const added = await store.addProduct(input);
      assert.match(added.id, /^[A-Za-z0-9_-]+$/);
      assert.ok(Math.abs(added.createdAt - Date.now()) < 60_000);
      assert.deepEqual(await store.getProduct(added.id), added);
      assert.equal(added.priceCents, 12999);
    });

    it("trims text fields on the way in", async () => {
      const added = await store.addProduct(newProduct({ name: "  Padded  ", details: " Two words. \n" }));
      assert.equal(added.name, "Padded");
      assert.equal((await store.getProduct(added.id))?.details, "Two words.");
    });

    it("returns null for an unknown id and refuses a malformed one", async () => {
      assert.equal(await store.getProduct("does-not-exist"), null);
      await rejectsWith(store.getProduct("../etc/passwd"), "invalid_input");
      await rejectsWith(store.getProduct(""), "invalid_input");
      await rejectsWith(store.getProduct(42 as unknown as string), "invalid_input");
    });

    it("lists newest first, ties broken by id", async () => {
      await store.upsertProducts([product("b", 2000), product("a", 2000), product("c", 3000), product("d", 1000)]);
      assert.deepEqual(
        (await store.listProducts()).map((p) => p.id),
        ["c", "a", "b", "d"],
      );
    });

    it("lists by type in catalogue order, honouring the limit", async () => {
      await store.upsertProducts([
        product("e1", 1000, "Electronics"),
        product("e2", 3000, "Electronics"),
        product("e3", 2000, "Electronics"),
        product("a1", 4000, "Accessories"),
      ]);
      assert.deepEqual(
        (await store.listProductsByType("Electronics", 12)).map((p) => p.id),
        ["e2", "e3", "e1"],
      );
      assert.deepEqual(
        (await store.listProductsByType("Electronics", 2)).map((p) => p.id),
        ["e2", "e3"],
      );
      assert.deepEqual(
        (await store.listProductsByType("Sport", 8)).map((p) => p.id),
        [],
      );
    });

    it("refuses unknown types and out-of-range limits", async () => {
      await rejectsWith(store.listProductsByType("Food" as "Book", 5), "invalid_input");
      for (const limit of [0, -1, 1.5, LIMITS.listLimitMax + 1, Number.NaN, "3" as unknown as number]) {
        await rejectsWith(store.listProductsByType("Book", limit), "invalid_input");
      }
    });

    const badProducts: Array<[string, Record<string, unknown>]> = [
      ["missing name", { name: undefined }],
      ["empty name", { name: "   " }],
      ["numeric name", { name: 12 }],
      ["over-long name", { name: "n".repeat(LIMITS.nameMax + 1) }],
      ["control characters in the name", { name: "Bell\u0007Ringer" }],
      ["empty details", { details: "" }],
      ["over-long details", { details: "d".repeat(LIMITS.detailsMax + 1) }],
      ["missing image", { image: undefined }],
      ["http image", { image: "http://example.com/x.png" }],
      ["javascript: image", { image: "javascript:alert(1)" }],
      ["relative image escaping the root", { image: "/../secret.png" }],
      ["not-a-URL image", { image: "picture of a cat" }],
      ["image whose host the URL parser makes up (https:alert(1))", { image: "https:alert(1)" }],
      ["image URL with a user name and password", { image: "https://user:pw@x.com/a.jpg" }],
      ["image on localhost", { image: "https://localhost/a.jpg" }],
      ["image on an IP address", { image: "https://192.168.1.1/a.jpg" }],
      ["image host with a space", { image: "https://exa mple.com/a.jpg" }],
      ["price as text", { price: "12.50" }],
      ["negative price", { price: -1 }],
      ["zero price", { price: 0 }],
      ["NaN price", { price: Number.NaN }],
      ["infinite price", { price: Number.POSITIVE_INFINITY }],
      ["three-decimal price", { price: 1.005 }],
      ["huge price", { price: LIMITS.priceMax + 1 }],
      ["unknown type", { type: "Food" }],
      ["lower-case type", { type: "book" }],
      ["extra field", { admin: true }],
    ];
    for (const [label, change] of badProducts) {
      it(`refuses a product with ${label} and writes nothing`, async () => {
        const input = { ...newProduct(), ...change } as NewProduct;
        const error = await rejectsWith(store.addProduct(input), "invalid_input");
        assert.ok(Object.keys(error.fields).length > 0, "the error names the bad field");
        assert.deepEqual(await store.listProducts(), []);
      });
    }

    it("accepts an https image URL and emoji in text", async () => {
      const added = await store.addProduct(newProduct({ image: "https://images.example.com/a.jpg?w=800", name: "Sun hat ☀️" }));
      assert.equal((await store.getProduct(added.id))?.name, "Sun hat ☀️");
    });

    it("stores an https image URL in its normal form, as browsers read it", async () => {
      const added = await store.addProduct(newProduct({ image: " HTTPS://Images.Example.COM/a b.jpg " }));
      assert.equal(added.image, "https://images.example.com/a%20b.jpg");
      assert.equal((await store.getProduct(added.id))?.image, "https://images.example.com/a%20b.jpg");
    });

    it("upserts idempotently and updates in place", async () => {
      const first = [product("s1", 1000), product("s2", 2000)];
      await store.upsertProducts(first);
      await store.upsertProducts(first);
      assert.equal((await store.listProducts()).length, 2);
      await store.upsertProducts([{ ...first[0], name: "Renamed", priceCents: 550 }]);
      const renamed = await store.getProduct("s1");
      assert.equal(renamed?.name, "Renamed");
      assert.equal(renamed?.priceCents, 550);
      assert.equal((await store.listProducts()).length, 2);
    });

    it("upserts all or nothing", async () => {
      const good = product("g1", 1000);
      const bad = { ...product("g2", 2000), price: -3 };
      const error = await rejectsWith(store.upsertProducts([good, bad]), "invalid_input");
      assert.match(error.message, /product 2/);
      assert.deepEqual(await store.listProducts(), []);
      await rejectsWith(store.upsertProducts([{ ...good, id: "has space" }]), "invalid_input");
      await rejectsWith(store.upsertProducts("nope" as unknown as []), "invalid_input");
      assert.deepEqual(await store.listProducts(), []);
    });
  });
}
