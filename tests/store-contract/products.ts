import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { LIMITS } from "@/lib/data/contract/limits";
import type { NewProduct } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct, product } from "../helpers/fixtures";
import { productFields } from "@/lib/data/rules/product-fields";
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
      ["no image", { images: [] }],
      ["missing images", { images: undefined }],
      ["an image without alt text", { images: [{ src: "/products/a.webp", alt: " " }] }],
      ["nine images", { images: Array.from({ length: 9 }, (_, i) => ({ src: `/products/p${i}.webp`, alt: `Side ${i}` })) }],
      [
        "one image twice",
        {
          images: [
            { src: "/products/a.webp", alt: "A" },
            { src: "/products/a.webp", alt: "B" },
          ],
        },
      ],
      ["http image", { images: [{ src: "http://example.com/x.png", alt: "A picture" }] }],
      ["javascript: image", { images: [{ src: "javascript:alert(1)", alt: "A picture" }] }],
      ["relative image escaping the root", { images: [{ src: "/../secret.png", alt: "A picture" }] }],
      ["not-a-URL image", { images: [{ src: "picture of a cat", alt: "A picture" }] }],
      ["image whose host the URL parser makes up (https:alert(1))", { images: [{ src: "https:alert(1)", alt: "A picture" }] }],
      ["image URL with a user name and password", { images: [{ src: "https://user:pw@x.com/a.jpg", alt: "A picture" }] }],
      ["image on localhost", { images: [{ src: "https://localhost/a.jpg", alt: "A picture" }] }],
      ["image on an IP address", { images: [{ src: "https://192.168.1.1/a.jpg", alt: "A picture" }] }],
      ["image host with a space", { images: [{ src: "https://exa mple.com/a.jpg", alt: "A picture" }] }],
      ["price as text", { priceCents: "1250" }],
      ["negative price", { priceCents: -1 }],
      ["zero price", { priceCents: 0 }],
      ["NaN price", { priceCents: Number.NaN }],
      ["infinite price", { priceCents: Number.POSITIVE_INFINITY }],
      ["a fraction of a cent", { priceCents: 100.5 }],
      ["huge price", { priceCents: LIMITS.priceMax * 100 + 1 }],
      ["unknown type", { type: "Food" }],
      ["lower-case type", { type: "book" }],
      ["extra field", { admin: true }],
    ];
    for (const [label, change] of badProducts) {
      it(`refuses a product with ${label} and writes nothing`, async () => {
        const input = { ...newProduct(), ...change } as NewProduct;
        const error = await rejectsWith(store.addProduct(input), "invalid_input");
        // The field changed, not another: "extra field" is named by the object's own refusal.
        const [changed] = Object.keys(change);
        const named = Object.keys(error.fields).map((field) => field.split(".")[0]);
        assert.ok(changed === "admin" ? named.length > 0 : named.includes(changed), `names ${changed}: ${JSON.stringify(error.fields)}`);
        assert.deepEqual(await store.listProducts(), []);
      });
    }

    it("accepts an https image URL and emoji in text", async () => {
      const added = await store.addProduct(
        newProduct({ images: [{ src: "https://images.example.com/a.jpg?w=800", alt: "A picture" }], name: "Sun hat ☀️" }),
      );
      assert.equal((await store.getProduct(added.id))?.name, "Sun hat ☀️");
    });

    it("stores an https image URL in its normal form, as browsers read it", async () => {
      const added = await store.addProduct(newProduct({ images: [{ src: " HTTPS://Images.Example.COM/a b.jpg ", alt: "A picture" }] }));
      assert.equal(added.images[0].src, "https://images.example.com/a%20b.jpg");
      assert.equal((await store.getProduct(added.id))?.images[0].src, "https://images.example.com/a%20b.jpg");
    });

    it("keeps a product's images in their order with their alt text, through an edit that reorders them", async () => {
      const images = [
        { src: "/products/a.webp", alt: "Front" },
        { src: "https://images.example.com/b.jpg", alt: "Back" },
        { src: "/products/c.webp", alt: "Side" },
      ];
      const added = await store.addProduct(newProduct({ images }));
      assert.deepEqual((await store.getProduct(added.id))?.images, images);
      const { product, revision } = (await store.getProductRevision(added.id))!;
      const reordered = [images[2], images[0], { ...images[1], alt: "The back" }];
      await store.updateProduct(added.id, { ...productFields(product), images: reordered }, revision, "admin@example.com");
      assert.deepEqual((await store.getProduct(added.id))?.images, reordered);
      assert.deepEqual((await store.listProducts()).find((p) => p.id === added.id)?.images, reordered, "a listing's product too");
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
