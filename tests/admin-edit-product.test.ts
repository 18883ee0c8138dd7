/**
 * The admin's edit and delete cores (lib/admin/edit-product.ts) against a
 * real SQLite store, the list's URL (lib/admin/product-list.ts) and the
 * change summary: the same gate and messages as adding, conflicts refused
 * with the typed values kept, nothing written by any refusal.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fieldChanges } from "@/lib/admin/change-summary";
import { addProductAs } from "@/lib/admin/add-product";
import { deleteProductAs, EDIT_MESSAGES, updateProductAs } from "@/lib/admin/edit-product";
import { REFUSALS, type Caller } from "@/lib/admin/guard";
import { parseProductListFilter, productCountText, productListHref } from "@/lib/admin/product-list";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "admin-edit-"));
const ORIGIN = "https://shop.example.com";
const admin = (email = "ada@example.com"): Caller => ({
  origin: ORIGIN,
  host: "shop.example.com",
  forwardedHost: null,
  user: { isAdmin: true, email },
});

function editForm(id: string, revision: number | string, overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    productId: id,
    revision: String(revision),
    productName: "Lamp, brass",
    // The product's one image, as the form lists it: a row, no image added.
    imageSrc: "/products/lamp.webp",
    imageAlt: "A picture",
    productImage: "",
    productPrize: "45.50",
    productDetails: "Brass now.",
    productType: "Electronics",
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe("edit and delete (server path)", () => {
  let store: Store;
  let lamp: Product;
  before(async () => {
    store = openSqliteStore(join(dir, "admin.db"));
    lamp = product("desk-lamp", 1, "Electronics", { name: "Lamp", priceCents: 4000 });
    await store.upsertProducts([lamp]);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const open = async () => store;

  test("refuses non-admins, other origins and non-forms, writing nothing", async () => {
    const revision = (await store.getProductRevision(lamp.id))!.revision;
    const shopper: Caller = { ...admin(), user: { isAdmin: false, email: "eve@example.com" } };
    assert.equal((await updateProductAs(shopper, editForm(lamp.id, revision), open)).ok, false);
    assert.deepEqual(
      await deleteProductAs({ ...admin(), origin: "https://evil.example" }, editForm(lamp.id, revision, { confirm: "delete" }), open),
      { ok: false, error: REFUSALS.crossOrigin },
    );
    assert.equal((await updateProductAs(admin(), { productId: lamp.id }, open)).ok, false);
    assert.deepEqual((await store.getProductRevision(lamp.id))!.revision, revision);
  });

  test("refuses a form without a product or revision, and bad fields with the add form's messages", async () => {
    for (const [id, revision] of [
      ["", 1],
      ["a/b", 1],
      [lamp.id, ""],
      [lamp.id, "-1"],
      [lamp.id, "1.5"],
      [lamp.id, "x"],
    ] as const) {
      const result = await updateProductAs(admin(), editForm(id, revision), open);
      assert.equal(!result.ok && result.error, EDIT_MESSAGES.notAProduct, `${id} ${revision}`);
    }
    const revision = (await store.getProductRevision(lamp.id))!.revision;
    const bad = await updateProductAs(admin(), editForm(lamp.id, revision, { productName: "", productPrize: "-3" }), open);
    assert.ok(!bad.ok);
    assert.equal(bad.error, EDIT_MESSAGES.fields);
    assert.ok(bad.fieldErrors.productName && bad.fieldErrors.productPrize);
    assert.equal(bad.values?.productPrize, "-3", "the typed values come back");
    assert.equal((await store.getProduct(lamp.id))!.name, "Lamp");
  });

  test("saves an edit, names the admin, and refuses the second admin's save from the same revision", async () => {
    const opened = (await store.getProductRevision(lamp.id))!.revision;
    const first = await updateProductAs(admin("ada@example.com"), editForm(lamp.id, opened), open);
    assert.ok(first.ok);
    assert.equal(first.product.name, "Lamp, brass");
    assert.equal(first.revision, opened + 1);
    const second = await updateProductAs(admin("grace@example.com"), editForm(lamp.id, opened, { productName: "Lamp, steel" }), open);
    assert.deepEqual(second, {
      ok: false,
      error: EDIT_MESSAGES.conflict,
      fieldErrors: {},
      values: {
        productName: "Lamp, steel",
        productImage: "",
        productImageAlt: "",
        images: [{ src: "/products/lamp.webp", alt: "A picture" }],
        productPrize: "45.50",
        productDetails: "Brass now.",
        productType: "Electronics",
        productStock: "",
      },
      reason: "conflict",
    });
    assert.match(EDIT_MESSAGES.conflict, /changed since you opened it/);
    assert.equal((await store.getProduct(lamp.id))!.name, "Lamp, brass");
    const [latest] = await store.listProductChanges(lamp.id, 10);
    assert.equal(latest.by, "ada@example.com");
  });

  test("deletes only once confirmed and at the current revision", async () => {
    const current = (await store.getProductRevision(lamp.id))!.revision;
    assert.deepEqual(await deleteProductAs(admin(), editForm(lamp.id, current), open), { ok: false, error: EDIT_MESSAGES.notConfirmed });
    assert.deepEqual(await deleteProductAs(admin(), editForm(lamp.id, current - 1, { confirm: "delete" }), open), {
      ok: false,
      error: EDIT_MESSAGES.deleteConflict,
      reason: "conflict",
    });
    assert.ok(await store.getProduct(lamp.id));
    assert.deepEqual(await deleteProductAs(admin(), editForm(lamp.id, current, { confirm: "delete" }), open), {
      ok: true,
      name: "Lamp, brass",
    });
    assert.equal(await store.getProduct(lamp.id), null);
    assert.deepEqual(await deleteProductAs(admin(), editForm(lamp.id, current, { confirm: "delete" }), open), {
      ok: false,
      error: EDIT_MESSAGES.notFound,
      reason: "not_found",
    });
    assert.equal((await updateProductAs(admin(), editForm(lamp.id, current), open)).ok, false);
  });
});

describe("the stock field (its own record, never a product field)", () => {
  let store: Store;
  let lamp: Product;
  before(async () => {
    store = openSqliteStore(join(dir, "stock.db"));
    lamp = product("stock-lamp", 1, "Electronics", {
      name: "Lamp",
      images: [{ src: "/products/lamp.webp", alt: "A picture" }],
      priceCents: 4550,
      details: "Brass now.",
    });
    await store.upsertProducts([lamp]);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const open = async () => store;
  const stockOf = async () => (await store.getStock([lamp.id])).get(lamp.id) ?? null;
  const unchanged = { productName: "Lamp" };
  /** An edit form as the page shows it: the product's fields, its revision and the stock it was opened at. */
  const stockForm = async (stock: string, overrides: Record<string, string> = {}) => {
    const opened = await stockOf();
    return editForm(lamp.id, (await store.getProductRevision(lamp.id))!.revision, {
      ...unchanged,
      stockWhenOpened: opened === null ? "" : String(opened),
      productStock: stock,
      ...overrides,
    });
  };

  test("a save of the stock alone sets it and makes no catalogue edit", async () => {
    const version = await store.getCatalogVersion();
    const revision = (await store.getProductRevision(lamp.id))!.revision;
    const changes = (await store.listProductChanges(lamp.id, 10)).length;
    const saved = await updateProductAs(admin(), await stockForm("3"), open);
    assert.ok(saved.ok);
    assert.deepEqual(
      [saved.stock, saved.wrote, saved.stockShownChanged, saved.revision],
      [3, { product: false, stock: true }, true, revision],
    );
    assert.equal(await stockOf(), 3);
    assert.equal(await store.getCatalogVersion(), version, "the catalogue's version did not move");
    assert.equal((await store.listProductChanges(lamp.id, 10)).length, changes, "no product change recorded");
    // Saved again as it is: nothing written at all.
    const again = await updateProductAs(admin(), await stockForm("3"), open);
    assert.deepEqual(again.ok && again.wrote, { product: false, stock: false });
  });

  test("a blank stock stops tracking it", async () => {
    await store.setStock(lamp.id, 8, await stockOf());
    const saved = await updateProductAs(admin(), await stockForm(""), open);
    assert.ok(saved.ok);
    assert.deepEqual([saved.stock, saved.stockShownChanged], [null, false], "8 and not tracked show the same");
    assert.equal(await stockOf(), null);
  });

  test("a bad stock is a field error next to the field, the typed values kept, nothing written", async () => {
    await store.setStock(lamp.id, 4, await stockOf());
    for (const typed of ["-1", "2.5", "1e3", "1000001", "four"]) {
      const refused = await updateProductAs(admin(), await stockForm(typed, { productName: "Lamp, renamed" }), open);
      assert.ok(!refused.ok);
      assert.equal(refused.error, EDIT_MESSAGES.fields);
      assert.ok(refused.fieldErrors.productStock, typed);
      assert.deepEqual([refused.values?.productStock, refused.values?.productName], [typed, "Lamp, renamed"]);
    }
    assert.equal(await stockOf(), 4);
    assert.equal((await store.getProduct(lamp.id))!.name, "Lamp");
  });

  test("a stock that a sale moved since the form opened is refused, naming the count now; nothing is saved", async () => {
    await store.setStock(lamp.id, 3, await stockOf());
    const form = await stockForm("10", { productName: "Lamp, restocked" });
    await store.setStock(lamp.id, 2, 3); // a sale, after the form opened
    const version = await store.getCatalogVersion();
    const refused = await updateProductAs(admin(), form, open);
    assert.ok(!refused.ok);
    assert.equal(refused.reason, "stock_conflict");
    assert.equal(refused.error, EDIT_MESSAGES.stockConflict(2, false));
    assert.match(refused.error, /it is now 2\b.*Nothing was saved/);
    assert.deepEqual([refused.values?.productStock, refused.values?.productName], ["10", "Lamp, restocked"]);
    assert.equal(await stockOf(), 2);
    assert.equal((await store.getProduct(lamp.id))!.name, "Lamp");
    assert.equal(await store.getCatalogVersion(), version);
  });

  test("an edit of the other fields with the stock as opened saves them even after a sale, leaving the stock to the sale", async () => {
    await store.setStock(lamp.id, 3, await stockOf());
    const form = await stockForm("3", { productName: "Lamp, polished" });
    await store.setStock(lamp.id, 2, 3);
    const saved = await updateProductAs(admin(), form, open);
    assert.ok(saved.ok);
    assert.deepEqual([saved.product.name, saved.stock, saved.wrote], ["Lamp, polished", 2, { product: true, stock: false }]);
    assert.equal(await stockOf(), 2);
  });

  test("a form without a stock field leaves the stock as it is", async () => {
    const before = await stockOf();
    const saved = await updateProductAs(
      admin(),
      editForm(lamp.id, (await store.getProductRevision(lamp.id))!.revision, { productName: "Lamp, plain" }),
      open,
    );
    assert.ok(saved.ok);
    assert.deepEqual([saved.stock, saved.wrote.stock], [before, false]);
    assert.equal(await stockOf(), before);
  });

  test("a product added with a stock has it in its own record; blank adds it untracked", async () => {
    const addForm = (name: string, stock: string) => {
      const form = new FormData();
      const fields = {
        productName: name,
        productImage: "/products/fan.webp",
        productPrize: "24.99",
        productDetails: "Quiet.",
        productType: "Electronics",
        productStock: stock,
      };
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return form;
    };
    const counted = await addProductAs(admin(), addForm("Fan", "12"), open);
    assert.ok(counted.ok);
    assert.equal(counted.stock, 12);
    assert.equal((await store.getStock([counted.product.id])).get(counted.product.id), 12);
    const untracked = await addProductAs(admin(), addForm("Fan, small", ""), open);
    assert.ok(untracked.ok);
    assert.equal((await store.getStock([untracked.product.id])).get(untracked.product.id) ?? null, null);
    const bad = await addProductAs(admin(), addForm("Fan, large", "-2"), open);
    assert.ok(!bad.ok && bad.fieldErrors.productStock);
    assert.equal((await store.searchProducts("large", { type: null, limit: 10 })).length, 0, "nothing added");
  });
});

describe("the admin's product list", () => {
  // Its pages, counts and search against a store: tests/admin-page-guard.test.ts.
  test("reads the URL's parameters, leaving out anything malformed", () => {
    assert.deepEqual(parseProductListFilter({ q: "  lamp ", type: "Book", after: "abc" }), { query: "lamp", type: "Book", after: null });
    assert.deepEqual(parseProductListFilter({ type: "Book", after: "abc_-1" }), { query: "", type: "Book", after: "abc_-1" });
    assert.deepEqual(parseProductListFilter({ q: ["a", "b"], type: "Food", after: "x y" }), { query: "a", type: null, after: null });
    assert.deepEqual(parseProductListFilter({ after: ["c1", "c2"] }), { query: "", type: null, after: "c1" });
    assert.equal(parseProductListFilter({ after: "a".repeat(601) }).after, null);
    assert.equal(parseProductListFilter({ q: "x".repeat(500) }).query.length, 100);
    assert.equal(productListHref({ query: "a&b", type: "Book", after: null }), "/admin-entry/products?q=a%26b&type=Book");
    assert.equal(productListHref({ query: "", type: "Book", after: "c1" }), "/admin-entry/products?type=Book&after=c1");
    assert.equal(productListHref({ query: "", type: null, after: null }), "/admin-entry/products");
  });

  test("says how many products, and when a search listed only the first ones", () => {
    assert.equal(productCountText({ total: 1, capped: false }), "1 product");
    assert.equal(productCountText({ total: 50_000, capped: false }), "50,000 products");
    assert.equal(productCountText({ total: 100, capped: true }), "The first 100 matching products");
  });

  test("summarises a change field by field", () => {
    const before = { name: "A", images: [{ src: "/a.webp", alt: "A picture" }], priceCents: 100, details: "d", type: "Book" as const };
    assert.deepEqual(
      fieldChanges({ before, after: { ...before, name: "B", priceCents: 200 } }).map((f) => [f.label, f.before, f.after]),
      [
        ["Name", "A", "B"],
        ["Price", 100, 200],
      ],
    );
    assert.equal(fieldChanges({ before: null, after: before }).length, 5);
    assert.deepEqual(
      fieldChanges({ before, after: null }).map((f) => f.after),
      [null, null, null, null, null],
    );
  });
});
