import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { NewProduct, Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { eventually, newProduct, product } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const ADMIN = "admin@example.com";
const OTHER_ADMIN = "second-admin@example.com";
const shopper: CartOwner = "guest:edits-shopper";

const fieldsOf = (p: NewProduct): NewProduct => ({
  name: p.name,
  images: p.images,
  priceCents: p.priceCents,
  details: p.details,
  type: p.type,
});

/** Admin edits: revisions, refused concurrent saves, deletes, the change record; and the cart's quantity stepper. */
export function editContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("product edits", () => {
    let store: Store;
    let lamp: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Edit Lamp", priceCents: 4000 }), ADMIN);
    });
    afterEach(() => store.close());

    it("gives a product its revision, and null for an unknown id", async () => {
      const current = await store.getProductRevision(lamp.id);
      assert.deepEqual(current, { product: lamp, revision: 0 });
      assert.equal(await store.getProductRevision("no-such-product"), null);
    });

    it("replaces every field but the id and creation time, bumps the revision and records who changed what", async () => {
      const edit = newProduct({ name: "Edit Lamp, brass", priceCents: 4450, type: "Accessories", details: "Now in brass." });
      const saved = await store.updateProduct(lamp.id, edit, 0, ADMIN);
      assert.deepEqual(saved, { product: { ...edit, id: lamp.id, createdAt: lamp.createdAt }, revision: 1 });
      assert.deepEqual(await store.getProduct(lamp.id), saved.product);
      assert.deepEqual(
        (await store.listProducts()).find((p) => p.id === lamp.id),
        saved.product,
      );
      const [update, create] = await store.listProductChanges(lamp.id, 10);
      assert.equal(update.action, "update");
      assert.equal(update.by, ADMIN);
      assert.deepEqual(update.before, fieldsOf(lamp));
      assert.deepEqual(update.after, fieldsOf(edit));
      assert.ok(Math.abs(update.at - Date.now()) < 60_000, "recorded now");
      assert.deepEqual(create, {
        productId: lamp.id,
        at: lamp.createdAt,
        by: ADMIN,
        action: "create",
        before: null,
        after: fieldsOf(lamp),
      });
    });

    it("refuses a save made from an older revision, and keeps the newer one", async () => {
      const first = await store.updateProduct(lamp.id, newProduct({ name: "First admin's name" }), 0, ADMIN);
      await rejectsWith(store.updateProduct(lamp.id, newProduct({ name: "Second admin's name" }), 0, OTHER_ADMIN), "conflict");
      await rejectsWith(store.deleteProduct(lamp.id, 0, OTHER_ADMIN), "conflict");
      assert.deepEqual(await store.getProductRevision(lamp.id), first);
      assert.equal((await store.listProductChanges(lamp.id, 10)).length, 2, "refused saves record nothing");
    });

    it("lets exactly one of two simultaneous saves from the same revision through", async () => {
      const attempts = await Promise.allSettled([
        store.updateProduct(lamp.id, newProduct({ name: "Save A" }), 0, ADMIN),
        store.updateProduct(lamp.id, newProduct({ name: "Save B" }), 0, OTHER_ADMIN),
      ]);
      const saved = attempts.filter((a) => a.status === "fulfilled");
      assert.equal(saved.length, 1, JSON.stringify(attempts.map((a) => a.status)));
      const refused = attempts.find((a) => a.status === "rejected") as PromiseRejectedResult;
      assert.equal(refused.reason.code, "conflict");
      const winner = (saved[0] as PromiseFulfilledResult<Awaited<ReturnType<Store["updateProduct"]>>>).value;
      assert.equal((await store.getProduct(lamp.id))?.name, winner.product.name);
    });

    it("deletes a product everywhere it is listed, keeps its record, and refuses a second delete", async () => {
      await store.deleteProduct(lamp.id, 0, ADMIN);
      assert.equal(await store.getProduct(lamp.id), null);
      assert.equal(await store.getProductRevision(lamp.id), null);
      assert.ok(!(await store.listProducts()).some((p) => p.id === lamp.id));
      assert.ok(!(await store.listProductsByType(lamp.type, 100)).some((p) => p.id === lamp.id));
      const [deletion] = await store.listProductChanges(lamp.id, 10);
      assert.deepEqual(
        { ...deletion, at: 0 },
        { productId: lamp.id, at: 0, by: ADMIN, action: "delete", before: fieldsOf(lamp), after: null },
      );
      await rejectsWith(store.deleteProduct(lamp.id, 0, ADMIN), "not_found");
      await rejectsWith(store.updateProduct(lamp.id, newProduct(), 0, ADMIN), "not_found");
      await rejectsWith(store.addToLine(shopper, lamp.id), "not_found");
    });

    it("bumps the revision when an import writes over the product, so an edit opened before it is refused", async () => {
      await store.upsertProducts([{ ...lamp, name: "Imported name" }]);
      const after = await store.getProductRevision(lamp.id);
      assert.equal(after?.product.name, "Imported name");
      assert.ok((after?.revision ?? 0) > 0);
      await rejectsWith(store.updateProduct(lamp.id, newProduct(), 0, ADMIN), "conflict");
    });

    it("refuses bad input with invalid_input and changes nothing", async () => {
      const before = await store.getProductRevision(lamp.id);
      const bad: Array<[string, Promise<unknown>]> = [
        ["empty name", store.updateProduct(lamp.id, newProduct({ name: "" }), 0, ADMIN)],
        ["negative price", store.updateProduct(lamp.id, newProduct({ priceCents: -1 }), 0, ADMIN)],
        ["unknown type", store.updateProduct(lamp.id, { ...newProduct(), type: "Food" as never }, 0, ADMIN)],
        ["extra field", store.updateProduct(lamp.id, { ...newProduct(), id: "x" } as NewProduct, 0, ADMIN)],
        ["bad id", store.updateProduct("a/b", newProduct(), 0, ADMIN)],
        ["fractional revision", store.updateProduct(lamp.id, newProduct(), 0.5, ADMIN)],
        ["negative revision", store.deleteProduct(lamp.id, -1, ADMIN)],
        ["revision as text", store.deleteProduct(lamp.id, "0" as unknown as number, ADMIN)],
        ["nobody", store.updateProduct(lamp.id, newProduct(), 0, "  ")],
        ["nobody adds", store.addProduct(newProduct(), "")],
        ["changes of a bad id", store.listProductChanges("__x__", 10)],
        ["changes limit 0", store.listProductChanges(lamp.id, 0)],
      ];
      for (const [label, attempt] of bad) {
        await rejectsWith(attempt, "invalid_input").catch((error: Error) => assert.fail(`${label}: ${error.message}`));
      }
      assert.deepEqual(await store.getProductRevision(lamp.id), before);
      assert.equal((await store.listProductChanges(lamp.id, 10)).length, 1);
    });

    it("records nothing for a product added without an admin (seed, import)", async () => {
      const seeded = await store.addProduct(newProduct());
      await store.upsertProducts([product("imported-one", 1_000)]);
      assert.deepEqual(await store.listProductChanges(seeded.id, 10), []);
      assert.deepEqual(await store.listProductChanges("imported-one", 10), []);
    });

    it("refuses a concurrent save made through another instance on the same database", async () => {
      const other = await openSecond(store);
      try {
        await other.updateProduct(lamp.id, newProduct({ name: "Saved on instance two" }), 0, OTHER_ADMIN);
        await rejectsWith(store.updateProduct(lamp.id, newProduct({ name: "Saved on instance one" }), 0, ADMIN), "conflict");
        assert.equal((await store.getProduct(lamp.id))?.name, "Saved on instance two");
      } finally {
        await other.close();
      }
    });

    it("reports edits and deletes on the catalogue feed", async () => {
      let changes = 0;
      const stop = store.watchCatalog(() => (changes += 1));
      try {
        await new Promise((r) => setTimeout(r, 300)); // the listener's first snapshot is not a change
        const before = changes;
        await store.updateProduct(lamp.id, newProduct({ name: "Feed Lamp" }), 0, ADMIN);
        await eventually(() => assert.ok(changes > before, "an edit is a change"));
        const afterEdit = changes;
        await store.deleteProduct(lamp.id, 1, ADMIN);
        await eventually(() => assert.ok(changes > afterEdit, "a delete is a change"));
      } finally {
        stop();
      }
    });
  });

  describe("line quantities", () => {
    let store: Store;
    let lamp: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Stepper Lamp" }));
    });
    afterEach(() => store.close());

    it("sets a line's whole quantity, 1 to 999, and tells the cart's watchers", async () => {
      await store.addToLine(shopper, lamp.id);
      const seen: number[] = [];
      const stop = store.watchCart(shopper, (items) => seen.push(items[0]?.quantity ?? 0));
      try {
        assert.equal((await store.setLineQuantity(shopper, lamp.id, 7))?.quantity, 7);
        assert.equal((await store.setLineQuantity(shopper, lamp.id, 999))?.quantity, 999);
        assert.equal((await store.setLineQuantity(shopper, lamp.id, 1))?.quantity, 1);
        assert.equal((await store.listCart(shopper))[0].quantity, 1);
        await eventually(() => assert.equal(seen.at(-1), 1));
      } finally {
        stop();
      }
    });

    it("answers null for a line the owner does not have, and creates nothing", async () => {
      assert.equal(await store.setLineQuantity(shopper, lamp.id, 3), null);
      assert.deepEqual(await store.listCart(shopper), []);
    });

    it("refuses quantities outside 1..999 and a deleted product's line, changing nothing", async () => {
      await store.addToLine(shopper, lamp.id, 2);
      for (const quantity of [0, -1, 1000, 1.5, Number.NaN, "3" as unknown as number]) {
        await rejectsWith(store.setLineQuantity(shopper, lamp.id, quantity), "invalid_input");
      }
      await rejectsWith(store.setLineQuantity("guest:a/b" as CartOwner, lamp.id, 2), "invalid_input");
      await store.deleteProduct(lamp.id, 0, ADMIN);
      await rejectsWith(store.setLineQuantity(shopper, lamp.id, 5), "not_found");
      const [line] = await store.listCart(shopper);
      assert.equal(line.quantity, 2, "the line stays, as it was");
      assert.equal(await store.removeLine(shopper, lamp.id), true, "and can still be removed");
    });

    it("ends at one of the quantities set when two tabs set it at once, never a sum", async () => {
      await store.addToLine(shopper, lamp.id);
      await Promise.all([store.setLineQuantity(shopper, lamp.id, 4), store.setLineQuantity(shopper, lamp.id, 9)]);
      assert.ok([4, 9].includes((await store.listCart(shopper))[0].quantity));
    });
  });
}
