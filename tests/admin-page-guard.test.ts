/**
 * The admin pages' own check (lib/admin/admin-proof.ts, which each page
 * runs through components/admin/admin-gate.tsx) and the reads it guards
 * (lib/admin/admin-reads.ts). proxy.ts answers first on a real server, so
 * the end-to-end suite cannot show the page refusing on its own: here the
 * check is given the session a request would carry, with no proxy in front,
 * and the reads are called with and without its proof, against a real
 * SQLite store.
 */
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, afterEach, before, describe, it, mock } from "node:test";
import type * as ProofModule from "@/lib/admin/admin-proof";
import type * as ReadsModule from "@/lib/admin/admin-reads";
import type * as DataModule from "@/lib/data";
import type { Store } from "@/lib/data/contract/store";
import { product } from "./helpers/fixtures";
import { setUpServerEnv } from "./helpers/server-env";

const dir = setUpServerEnv("admin-page-guard-");

let adminPageAccess: typeof ProofModule.adminPageAccess;
let readProductRecord: typeof ReadsModule.readProductRecord;
let readProductList: typeof ReadsModule.readProductList;
let store: Store;
const lamp = product("desk-lamp", 1, "Electronics", { name: "Lamp", priceCents: 4000 });
const ADMIN = { uid: "uid-ada", name: "Ada", email: "ada@example.com", isAdmin: true };
const SHOPPER = { uid: "uid-eve", name: "Eve", email: "eve@example.com", isAdmin: false };

before(async () => {
  ({ adminPageAccess } = await import("@/lib/admin/admin-proof"));
  ({ readProductRecord, readProductList } = await import("@/lib/admin/admin-reads"));
  store = await ((await import("@/lib/data")) as typeof DataModule).getStore();
  await store.upsertProducts([lamp]);
  const { revision } = (await store.getProductRevision(lamp.id))!;
  const { name, images, details, type } = lamp;
  await store.updateProduct(lamp.id, { name, images, details, type, priceCents: 4500 }, revision, ADMIN.email);
});

afterEach(() => mock.restoreAll());

after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page's check with the request's session user as given (what currentUser() would answer). */
const pageAccessWith = (user: Parameters<typeof ProofModule.adminProofOf>[0]) => adminPageAccess(async () => user);

describe("an admin page's own check, with no proxy in front", () => {
  it("refuses a signed-in shopper: not an admin (the page redirects to /admin-signin), and no proof to read with", async () => {
    assert.equal(await pageAccessWith(SHOPPER), "not_admin");
  });

  it("refuses a request without a session the same way", async () => {
    assert.equal(await pageAccessWith(null), "not_admin");
  });

  it("neither refuses nor admits a session the store could not check", async () => {
    assert.equal(await pageAccessWith("unavailable"), "unavailable");
  });

  it("gives an admin, as checked now, a proof the reads accept", async () => {
    const access = await pageAccessWith(ADMIN);
    assert.ok(typeof access === "object", `an admin's proof, not ${String(access)}`);
    assert.equal(access.uid, ADMIN.uid);
    const record = await readProductRecord(access, lamp.id);
    assert.equal(record.current?.product.priceCents, 4500);
    assert.deepEqual(
      record.changes.map((change) => change.by),
      [ADMIN.email],
    );
  });
});

describe("the admin reads take proof of an admin caller", () => {
  it("refuse a made-up proof before reading anything", async () => {
    const revision = mock.method(store, "getProductRevision");
    const changes = mock.method(store, "listProductChanges");
    const listed = mock.method(store, "listProductsPage");
    const counted = mock.method(store, "countProducts");
    const searched = mock.method(store, "searchProducts");
    const forged = Object.freeze({ uid: ADMIN.uid }) as unknown as ProofModule.AdminProof;
    await assert.rejects(readProductRecord(forged, lamp.id), /without proof of an admin caller/);
    await assert.rejects(readProductList(forged, {}), /without proof of an admin caller/);
    const calls = [revision, changes, listed, counted, searched].map((method) => method.mock.callCount());
    assert.deepEqual(calls, [0, 0, 0, 0, 0]);
  });

  it("read a malformed id as no product", async () => {
    const access = await pageAccessWith(ADMIN);
    assert.ok(typeof access === "object");
    assert.deepEqual(await readProductRecord(access, "a/b"), { current: null, stock: null, changes: [] });
  });
});

describe("the admin's product list, read from the store", () => {
  // 120 more products, newest first p000…p119, every other one a Book; the lamp is the oldest.
  const catalogue = Array.from({ length: 120 }, (_, i) =>
    product(`p${String(i).padStart(3, "0")}`, 10_000 - i, i % 2 ? "Book" : "Sport", { name: i === 7 ? "Garden Hose" : `Item ${i}` }),
  );
  let access: ProofModule.AdminProof;
  before(async () => {
    await store.upsertProducts(catalogue);
    const proof = await pageAccessWith(ADMIN);
    assert.ok(typeof proof === "object");
    access = proof;
  });

  it("pages 50 at a time by cursor, counted by the store, the whole catalogue never read", async () => {
    const everything = mock.method(store, "listProducts");
    const first = await readProductList(access, {});
    assert.deepEqual([first.total, first.products.length, first.products[0].id, first.after], [121, 50, "p000", null]);
    assert.ok(first.next);
    const second = await readProductList(access, { after: first.next });
    assert.deepEqual([second.products[0].id, second.after], ["p050", first.next]);
    const third = await readProductList(access, { after: second.next! });
    assert.deepEqual([third.products.length, third.products.at(-1)?.id, third.next], [21, lamp.id, null]);
    assert.equal(everything.mock.callCount(), 0);
  });

  it("filters by type, its count and pages that type's", async () => {
    const books = await readProductList(access, { type: "Book" });
    assert.equal(books.total, 60);
    assert.ok(books.products.every((p) => p.type === "Book"));
    const rest = await readProductList(access, { type: "Book", after: books.next! });
    assert.deepEqual([rest.products.length, rest.products[0].id, rest.next], [10, "p101", null]);
  });

  it("shows the first page for a cursor the store did not make", async () => {
    const list = await readProductList(access, { after: "bm90LWEtY3Vyc29y" });
    assert.deepEqual([list.after, list.products[0].id], [null, "p000"]);
  });

  it("searches with the shop's search, of one type or any", async () => {
    const hose = await readProductList(access, { q: "garden", after: "ignored" });
    assert.deepEqual([hose.products.map((p) => p.id), hose.total, hose.after, hose.next, hose.capped], [["p007"], 1, null, null, false]);
    assert.equal((await readProductList(access, { q: "garden", type: "Book" })).total, 1);
    assert.equal((await readProductList(access, { q: "garden", type: "Sport" })).total, 0);
    const items = await readProductList(access, { q: "item" });
    assert.deepEqual([items.total, items.capped], [100, true]);
  });

  it("lists each shown product's stock, read for that page's products only", async () => {
    await store.setStock("p000", 5, null);
    const stock = mock.method(store, "getStock");
    const first = await readProductList(access, {});
    assert.deepEqual([first.stock.p000, first.stock.p001, Object.keys(first.stock).length], [5, null, 50]);
    assert.deepEqual(
      stock.mock.calls.map((call) => call.arguments[0].length),
      [50],
    );
    stock.mock.restore();
    await store.setStock("p000", null, 5);
  });
});
