/**
 * A catalogue filled before every write set its sort keys (another tool, the
 * console, an old version of the shop) loads as is: its products without a
 * createdAt Timestamp are left out of every ordered page, those without a
 * numeric priceCents (the spec's productPrize may be text) out of "more like
 * this"; `npm run doctor` counts them (aggregation counts only) and names the
 * backfill, and the backfill (`npm run admin -- backfill`) gives each one the
 * time the shop already showed for it and the price it reads as, once: a
 * second run changes nothing. On the Firestore emulator, through the store as
 * the scripts open it.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { Timestamp, getFirestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { Store } from "@/lib/data/contract/store";
import { describeVerdict, runDoctor } from "@/lib/ops/doctor";

const fields = (name: string) => ({
  productName: name,
  productImage: "/products/lamp.webp",
  productPrize: 12,
  productDetails: "An old product.",
  productType: "Book",
});

describe("products without createdAt: found by doctor, fixed by the backfill", () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    it("needs the emulator", () => assert.fail("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts it"));
    return;
  }

  const app = initializeApp({ projectId: `demo-created-at-${Date.now().toString(36)}` }, "firestore-created-at");
  const db = getFirestore(app);
  let store: Store;
  before(async () => {
    store = createFirestoreStore(db);
    const products = db.collection("products");
    await products.doc("stamped").set({ ...fields("Stamped"), createdAt: Timestamp.fromMillis(5_000) });
    await products.doc("bare").set(fields("Bare")); // no createdAt at all
    await products.doc("millis").set({ ...fields("Millis"), createdAt: 3_000 }); // epoch millis, not a Timestamp
    // The original admin form's text price, and no priceCents: none of the three has one.
    await products.doc("stamped").update({ productPrize: "12.50" });
    // Stock kept before the in-stock flag: "millis" is sold out; none of the three has a flag.
    await db.collection("stock").doc("millis").set({ count: 0 });
  });
  after(() => store.close());

  const doctorSays = async () =>
    (
      await runDoctor(
        { FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:1" },
        {
          pingStore: async () => store.kind,
          checkAuthCredentials: async () => {},
          activeAdmins: async () => ["ada@example.com"],
          deployedRules: async () => "",
          localRules: () => "",
          localIndexes: () => "{}",
          productsWithoutCreatedAt: () => store.countProductsWithoutCreatedAt(),
          productsWithoutPriceKey: () => store.countProductsWithoutPriceKey(),
          productsWithoutNameKey: () => store.countProductsWithoutNameKey(),
          productsWithoutStockFlag: () => store.countProductsWithoutStockFlag(),
          explainQueries: async () => assert.fail("not asked for"),
          payOnDelivery: async () => (await store.getPaymentSettings()).payOnDelivery,
          mediaRoundTrip: async () => "filesystem",
          redisVersion: async () => "7.0.15",
        },
        { local: true },
      )
    )
      .filter((v) => ["products' createdAt", "products' price key", "products' name key", "products' in-stock flag"].includes(v.check))
      .map(describeVerdict);

  it("leaves them out of the ordered pages, and doctor counts and names them", async () => {
    const page = await store.listProductsPage({ type: null, sort: "newest", limit: 10, after: null });
    assert.deepEqual(
      page.products.map((p) => p.id),
      ["stamped", "millis"],
      "the ordered query skips the document without the field",
    );
    assert.equal(await store.countProducts(null), 3);
    assert.equal(await store.countProductsWithoutCreatedAt(), 2);
    assert.equal(await store.countProductsWithoutPriceKey(), 3);
    assert.equal(await store.countProductsWithoutNameKey(), 3);
    assert.equal(await store.countProductsWithoutStockFlag(), 3);
    const inStock = { minCents: null, maxCents: null, inStockOnly: true };
    assert.equal(await store.countFilteredProducts({ type: "Book", filter: inStock }), 0, "no flag, in no filtered listing");
    assert.deepEqual(
      await store.listNearestInPrice({ type: "Book", priceCents: 1200, excludeId: "x" }, 5),
      [],
      "no price key, no neighbour",
    );
    for (const sort of ["price-asc", "price-desc", "name-asc"] as const) {
      assert.deepEqual(await store.listProductsPage({ type: "Book", sort, limit: 10, after: null }), { products: [], next: null }, sort);
    }
    assert.deepEqual(await doctorSays(), [
      "✘ products' createdAt: 2 products have no createdAt, so no listing shows them: npm run admin -- backfill sets it (safe to run again)",
      '✘ products\' price key: 3 products have no numeric priceCents, so no "more like this" and no listing sorted by price shows them: npm run admin -- backfill sets it (safe to run again); one it cannot set has a productPrize that reads as no price, a document the shop does not show: fix or delete it in the console',
      "✘ products' name key: 3 products have no nameKey, so no listing sorted by name shows them: npm run admin -- backfill sets it (safe to run again); one it cannot set has no productName as text, a document the shop does not show: fix or delete it in the console",
      "✘ products' in-stock flag: 3 products have no inStock flag, so no filtered listing (a price range or in stock only) shows them: npm run admin -- backfill sets it (safe to run again)",
    ]);
  });

  it("the backfill sets each one's createdAt to the time the shop showed, and a second run changes nothing", async () => {
    const shownBefore = await store.getProduct("bare");
    const versionBefore = await store.getCatalogVersion();
    assert.deepEqual(await store.backfillSortKeys(2), { scanned: 3, updated: 3 });
    const bare = (await db.collection("products").doc("bare").get()).get("createdAt");
    assert.ok(bare instanceof Timestamp);
    assert.equal(bare.toMillis(), shownBefore?.createdAt, "the document's creation time, which the shop already showed");
    const millis = (await db.collection("products").doc("millis").get()).get("createdAt");
    assert.ok(millis instanceof Timestamp && millis.toMillis() === 3_000);
    assert.equal(await store.getCatalogVersion(), versionBefore + 1, "one catalogue change for the whole run");

    assert.equal(await store.countProductsWithoutCreatedAt(), 0);
    assert.equal(await store.countProductsWithoutPriceKey(), 0);
    assert.equal(
      (await db.collection("products").doc("stamped").get()).get("priceCents"),
      1250,
      "the text price, read as the shop reads it",
    );
    assert.equal(await store.countProductsWithoutNameKey(), 0);
    assert.deepEqual(await doctorSays(), [
      "✔ products' createdAt: every product has one",
      "✔ products' price key: every product has one",
      "✔ products' name key: every product has one",
      "✔ products' in-stock flag: every product has one",
    ]);
    const flags = await Promise.all(
      ["bare", "millis", "stamped"].map(async (id) => (await db.collection("products").doc(id).get()).get("inStock")),
    );
    assert.deepEqual(flags, [true, false, true], "each flag is what its stock says: millis's 0 is out");
    const inStockBooks = await store.listFilteredProducts({
      type: "Book",
      sort: "newest",
      filter: { minCents: null, maxCents: null, inStockOnly: true },
      after: null,
      position: 0,
      limit: 10,
    });
    assert.deepEqual(
      inStockBooks.products.map((p) => p.id),
      ["bare", "stamped"],
    );
    const byName = await store.listProductsPage({ type: "Book", sort: "name-asc", limit: 10, after: null });
    assert.deepEqual(
      byName.products.map((p) => p.id),
      ["bare", "millis", "stamped"],
    );
    assert.deepEqual(
      (await store.listNearestInPrice({ type: "Book", priceCents: 1200, excludeId: "bare" }, 5)).map((p) => p.id),
      ["millis", "stamped"],
    );
    const page = await store.listProductsPage({ type: "Book", sort: "newest", limit: 10, after: null });
    assert.deepEqual(
      page.products.map((p) => p.id),
      ["bare", "stamped", "millis"],
    );

    assert.deepEqual(await store.backfillSortKeys(2), { scanned: 3, updated: 0 });
    assert.equal(await store.getCatalogVersion(), versionBefore + 1, "nothing to fix, no change");
  });
});
