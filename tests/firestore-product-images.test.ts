/**
 * A product's images on Firestore (issue 42, item 3): the shop writes the
 * list as `productImages` and its first, the card image, as the spec's
 * `productImage`; a document the spec wrote, with `productImage` alone, reads
 * as that one image with the product's name as its alt text. On the
 * Firestore emulator, through the store.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { Timestamp, getFirestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { Store } from "@/lib/data/contract/store";

describe("a product's images on Firestore", () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    it("needs the emulator", () => assert.fail("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts it"));
    return;
  }

  const app = initializeApp({ projectId: `demo-product-images-${Date.now().toString(36)}` }, "firestore-product-images");
  const db = getFirestore(app);
  let store: Store;
  before(() => {
    store = createFirestoreStore(db);
  });
  after(() => store.close());

  it("reads a document the spec wrote, with one productImage, as that image with the name as its alt text", async () => {
    await db
      .collection("products")
      .doc("spec-lamp")
      .set({
        productName: "Spec Lamp",
        productImage: "/products/lamp.webp",
        productPrize: "12.50",
        productDetails: "Written by the original app.",
        productType: "Book",
        createdAt: Timestamp.fromMillis(1_000),
      });
    assert.deepEqual((await store.getProduct("spec-lamp"))?.images, [{ src: "/products/lamp.webp", alt: "Spec Lamp" }]);
  });

  it("writes the list, and its first as the spec's productImage, and reads them back in order", async () => {
    const images = [
      { src: "/products/lamp.webp", alt: "The lamp, off" },
      { src: "https://images.example.com/lamp-lit.jpg", alt: "The lamp, lit" },
    ];
    const added = await store.addProduct({ name: "Two Sides", images, priceCents: 1250, details: "Seen twice.", type: "Book" });
    const doc = (await db.collection("products").doc(added.id).get()).data()!;
    assert.equal(doc.productImage, "/products/lamp.webp");
    assert.deepEqual(doc.productImages, images);
    assert.deepEqual((await store.getProduct(added.id))?.images, images);
    assert.deepEqual((await store.searchProducts("Two Sides", { type: null, limit: 5 }))[0]?.images, images, "a search's result too");
  });
});
