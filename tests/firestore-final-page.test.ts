/**
 * A final page (ProductPageFilter.final: a list that shows its first N and
 * stops, such as home's newest) reads no document more than it shows, yet
 * still fills what it shows when a document in it cannot be read as a
 * product: it then gives its cursor, and lib/catalog/read.ts reads on. On
 * the Firestore emulator, with a document written past the shop's door.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { Timestamp, getFirestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { Store } from "@/lib/data/contract/store";
import { captureLogLines } from "@/lib/log/sink";

const fields = (name: string, at: number) => ({
  productName: name,
  productImage: "/products/lamp.webp",
  productPrize: 12,
  productDetails: "A product.",
  productType: "Book",
  createdAt: Timestamp.fromMillis(at),
});

describe("a final page of products on Firestore", () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    it("needs the emulator", () => assert.fail("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts it"));
    return;
  }

  const app = initializeApp({ projectId: `demo-final-page-${Date.now().toString(36)}` }, "firestore-final-page");
  const db = getFirestore(app);
  let store: Store;
  before(async () => {
    store = createFirestoreStore(db);
    const products = db.collection("products");
    await products.doc("newest").set(fields("Newest", 9_000));
    await products.doc("broken").set({ ...fields("Broken", 8_000), productPrize: -5 }); // no valid product
    await products.doc("older").set(fields("Older", 7_000));
    await products.doc("oldest").set(fields("Oldest", 6_000));
  });
  after(() => store.close());

  it("reads only what it shows, with no next page, when every document is a product", async () => {
    const page = await store.listProductsPage({ type: null, sort: "newest", limit: 1, after: null, final: true });
    assert.deepEqual(page, { products: [await store.getProduct("newest")], next: null });
  });

  it("gives its cursor when it skipped a document, so the list can still show as many as it meant to", async () => {
    const logged = captureLogLines();
    try {
      const page = await store.listProductsPage({ type: null, sort: "newest", limit: 2, after: null, final: true });
      assert.deepEqual(
        page.products.map((p) => p.id),
        ["newest"],
      );
      assert.ok(page.next, "a cursor past the skipped document");
      const rest = await store.listProductsPage({ type: null, sort: "newest", limit: 1, after: page.next, final: true });
      assert.deepEqual(rest, { products: [await store.getProduct("older")], next: null });
      assert.deepEqual([logged.lines[0]?.kind, logged.lines[0]?.productId], ["store.product_skipped", "broken"], "the skip is logged");
    } finally {
      logged.restore();
    }
  });
});
