import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct, product } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const admin = "admin@example.com";
const shopper: CartOwner = "guest:version-shopper";

/**
 * Store.getCatalogVersion: what every instance's pages and caches quote as
 * the catalogue they show (lib/catalog/read.ts). It must rise with every
 * catalogue write, through any instance, and with nothing else.
 */
export function catalogVersionContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("catalogue version", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("starts at 0 on an empty database", async () => {
      assert.equal(await store.getCatalogVersion(), 0);
    });

    it("rises with every catalogue write: add, admin add, import, edit, delete", async () => {
      const seen = [await store.getCatalogVersion()];
      const rose = async (what: string) => {
        const now = await store.getCatalogVersion();
        assert.ok(now > seen.at(-1)!, `${what}: ${now} after ${seen.at(-1)}`);
        seen.push(now);
      };
      const lamp = await store.addProduct(newProduct({ name: "Version Lamp" }));
      await rose("add");
      await store.addProduct(newProduct({ name: "Admin's Lamp" }), admin);
      await rose("an admin's add");
      await store.upsertProducts([product("v-import", 1_000)]);
      await rose("import");
      await store.upsertProducts([{ ...lamp, name: "Version Lamp, imported over" }]);
      await rose("import over an existing product");
      const { revision } = (await store.getProductRevision(lamp.id))!;
      const edited = await store.updateProduct(lamp.id, newProduct({ name: "Version Lamp, edited" }), revision, admin);
      await rose("edit");
      await store.deleteProduct(lamp.id, edited.revision, admin);
      await rose("delete");
    });

    it("stays put for carts, users, sessions, and for writes that were refused", async () => {
      const lamp = await store.addProduct(newProduct({ name: "Steady Lamp" }));
      const before = await store.getCatalogVersion();
      await store.addToLine(shopper, lamp.id, 2);
      await store.setLineQuantity(shopper, lamp.id, 3);
      await store.removeLine(shopper, lamp.id);
      await store.createUserIfMissing("version-user", { displayName: "V", email: "v@example.com" });
      await store.revokeSession("version-session", Date.now() + 60_000);
      await rejectsWith(store.addProduct(newProduct({ name: "" })), "invalid_input");
      await rejectsWith(store.upsertProducts([product("v-ok", 1), { ...product("v-bad", 2), priceCents: -1 }]), "invalid_input");
      await rejectsWith(store.updateProduct(lamp.id, newProduct({ name: "Stale" }), 99, admin), "conflict");
      await rejectsWith(store.deleteProduct("no-such-product", 0, admin), "not_found");
      assert.equal(await store.getCatalogVersion(), before);
    });

    it(`refuses an import of more than ${LIMITS.batchMax} products, writing none of them`, async () => {
      const before = await store.getCatalogVersion();
      const tooMany = Array.from({ length: LIMITS.batchMax + 1 }, (_, i) => product(`bulk-${i}`, i + 1));
      await rejectsWith(store.upsertProducts(tooMany), "invalid_input");
      assert.deepEqual(await store.listProducts(), []);
      assert.equal(await store.getCatalogVersion(), before);
      await store.upsertProducts(tooMany.slice(0, LIMITS.batchMax));
      assert.equal((await store.listProducts()).length, LIMITS.batchMax, "the limit itself is accepted");
    });

    it("is the same number through a second instance on the same database", async () => {
      const other = await openSecond(store);
      try {
        await other.addProduct(newProduct({ name: "Made elsewhere" }));
        const here = await store.getCatalogVersion();
        assert.ok(here > 0, "the other instance's add raised it");
        assert.equal(await other.getCatalogVersion(), here);
        await store.upsertProducts([product("v-here", 1)]);
        assert.equal(await other.getCatalogVersion(), await store.getCatalogVersion());
      } finally {
        await other.close();
      }
    });
  });
}
