import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { demoProducts } from "@/lib/catalog/demo";
import { LIMITS } from "@/lib/data/contract/limits";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct, product } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

const names = (products: Product[]) => products.map((p) => p.name);

/** Store.searchProducts, the same ranked results on every adapter (lib/data/rules/search-keys.ts, search-rank.ts). */
export function searchContract(open: StoreFactory): void {
  describe("search", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    const search = (query: string, limit = 48, type: Product["type"] | null = null) => store.searchProducts(query, { type, limit });

    it("finds the demo catalogue's products by typo, plural, capitals and words written apart", async () => {
      await store.upsertProducts(demoProducts());
      assert.equal((await search("headphnes"))[0]?.name, "Aurora ANC Wireless Headphones");
      assert.equal((await search("watches"))[0]?.name, "Meridian Automatic Watch");
      // No name says laptop; three products' details do, newest first.
      assert.deepEqual(names(await search("Laptops")), ["Trailpack 22L Daypack", "Nimbus 14 Ultrabook", "Market Canvas Tote"]);
      assert.equal((await search("ear buds"))[0]?.name, "Airlet Pro Wireless Earbuds");
      assert.equal((await search("head"))[0]?.name, "Aurora ANC Wireless Headphones", "a prefix of a name word");
    });

    it("ranks name matches before details matches, and more matched words first", async () => {
      await store.upsertProducts([
        product("d1", 3000, "Book", { name: "Trail Bottle", details: "Keeps water cold in the garden." }),
        product("n1", 1000, "Book", { name: "Quiet Garden Journal", details: "Lined pages." }),
        product("n2", 2000, "Sport", { name: "Gardenia Seeds", details: "Cotton bag." }),
        product("w2", 500, "Sport", { name: "Garden Hose", details: "Green rubber." }),
      ]);
      // Whole word (newest first), then prefix, then details.
      assert.deepEqual(
        (await search("garden")).map((p) => p.id),
        ["n1", "w2", "n2", "d1"],
      );
      // Both words beat one word, however new.
      assert.deepEqual((await search("garden green")).map((p) => p.id)[0], "w2");
    });

    it("filters by type and cuts at the limit after ranking", async () => {
      await store.upsertProducts([
        product("s1", 3000, "Sport", { name: "Lamp Stand", details: "Steel." }),
        product("b1", 2000, "Book", { name: "Lamp Light Stories", details: "Tales." }),
        product("b2", 1000, "Book", { name: "Desk Lamp", details: "Warm light." }),
      ]);
      assert.deepEqual(
        (await search("lamp", 48, "Book")).map((p) => p.id),
        ["b1", "b2"],
      );
      assert.deepEqual(
        (await search("lamp", 48, "Electronics")).map((p) => p.id),
        [],
      );
      assert.deepEqual(
        (await search("lamp", 1)).map((p) => p.id),
        ["s1"],
      );
      assert.deepEqual(
        (await search("lamp light", 1)).map((p) => p.id),
        ["b1"],
      );
    });

    it("lists as many as a search's whole list holds (LIMITS.searchResultsMax), the newest of more matches", async () => {
      const count = LIMITS.searchResultsMax + 10;
      await store.upsertProducts(
        Array.from({ length: count }, (_, i) =>
          product(`lantern-${String(i).padStart(3, "0")}`, 1_000 + i, "Sport", { name: `Quartzite Lantern ${i}` }),
        ),
      );
      const found = await search("quartzite", LIMITS.searchResultsMax);
      assert.equal(found.length, LIMITS.searchResultsMax);
      assert.deepEqual(
        found.map((p) => p.id),
        Array.from({ length: LIMITS.searchResultsMax }, (_, i) => `lantern-${String(count - 1 - i).padStart(3, "0")}`),
        "equal matches: newest first",
      );
    });

    it("answers a query without words with nothing, and refuses bad arguments", async () => {
      await store.upsertProducts([product("x1", 1000, "Book", { name: "Quiet Garden Journal" })]);
      for (const query of ["", "   ", "%", "_", "-- !"]) assert.deepEqual(await search(query), [], JSON.stringify(query));
      assert.deepEqual(await search("nothing like this"), []);
      await rejectsWith(search("x".repeat(LIMITS.queryMax + 1)), "invalid_input");
      await rejectsWith(search("garden", 0), "invalid_input");
      await rejectsWith(search("garden", LIMITS.searchResultsMax + 1), "invalid_input");
      await rejectsWith(search("garden", 5, "Food" as "Book"), "invalid_input");
    });

    it("follows every write: add, edit, import over, delete", async () => {
      const added = await store.addProduct(newProduct({ name: "Copper Kettle", details: "Whistles.", type: "Accessories" }));
      assert.deepEqual(
        (await search("kettles")).map((p) => p.id),
        [added.id],
      );
      const revision = (await store.getProductRevision(added.id))!.revision;
      const edited = await store.updateProduct(
        added.id,
        newProduct({ name: "Copper Teapot", details: "Pours.", type: "Accessories" }),
        revision,
        "admin@example.com",
      );
      assert.deepEqual(await search("kettle"), []);
      assert.deepEqual(
        (await search("teapots")).map((p) => p.id),
        [added.id],
      );
      await store.upsertProducts([{ ...edited.product, name: "Brass Samovar" }]);
      assert.deepEqual(await search("teapot"), []);
      assert.deepEqual(
        (await search("samovar")).map((p) => p.id),
        [added.id],
      );
      await store.deleteProduct(added.id, edited.revision + 1, "admin@example.com");
      assert.deepEqual(await search("samovar"), []);
    });
  });
}
