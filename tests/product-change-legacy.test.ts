/**
 * A product's recorded change written before money was whole cents holds
 * its price as `price`, in dollars; both stores read it as `priceCents`
 * (lib/data/rules/product-fields.ts, recordedProduct), so the admin's history
 * shows it as it was. A change recorded today is written in cents.
 */
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { COLLECTIONS } from "@/lib/data/firestore/mapping";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { newProduct } from "./helpers/fixtures";

const OLD_BEFORE = { name: "Old Lamp", image: "/products/lamp.webp", price: 19.99, details: "Brass.", type: "Electronics" };
const OLD_AFTER = { ...OLD_BEFORE, price: 0.29 };
/** A change recorded with one image reads with it as the first of its images, its alt text the name. */
const READ_BEFORE = {
  name: "Old Lamp",
  images: [{ src: "/products/lamp.webp", alt: "Old Lamp" }],
  details: "Brass.",
  type: "Electronics",
  priceCents: 1999,
};

describe("a product change recorded in dollars", () => {
  const dir = mkdtempSync(join(tmpdir(), "change-legacy-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("reads in whole cents on SQLite, beside a change recorded today", async () => {
    const path = join(dir, "changes.db");
    const store = openSqliteStore(path);
    try {
      const lamp = await store.addProduct(newProduct({ name: "Old Lamp", priceCents: 1999 }), "admin@example.com");
      const db = new Database(path);
      db.prepare("INSERT INTO product_changes (product_id, at, by, action, before, after) VALUES (?, ?, ?, ?, ?, ?)").run(
        lamp.id,
        2,
        "old@example.com",
        "update",
        JSON.stringify(OLD_BEFORE),
        JSON.stringify(OLD_AFTER),
      );
      db.close();
      const [old, added] = await store.listProductChanges(lamp.id, 10);
      assert.deepEqual(old.before, READ_BEFORE);
      assert.deepEqual(old.after, { ...READ_BEFORE, priceCents: 29 });
      assert.equal(added.after?.priceCents, 1999);
      const stored = new Database(path, { readonly: true });
      const row = stored
        .prepare<[string], { after: string }>("SELECT after FROM product_changes WHERE action = 'create' AND product_id = ?")
        .get(lamp.id);
      stored.close();
      assert.equal(JSON.parse(row!.after).priceCents, 1999, "written in cents today");
    } finally {
      await store.close();
    }
  });

  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    it("reads in whole cents on Firestore", () => {
      throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
    });
  } else {
    it("reads in whole cents on Firestore, beside a change recorded today", async () => {
      const projectId = `demo-change-legacy-${Date.now().toString(36)}`;
      const db = getFirestore(initializeApp({ projectId }, "change-legacy-writer"));
      const store = createFirestoreStore(getFirestore(initializeApp({ projectId }, "change-legacy-shop")));
      try {
        const lamp = await store.addProduct(newProduct({ name: "Old Lamp", priceCents: 1999 }), "admin@example.com");
        await db
          .collection(COLLECTIONS.products)
          .doc(lamp.id)
          .collection(COLLECTIONS.productChanges)
          .add({
            at: Timestamp.fromMillis(Date.now() + 60_000),
            by: "old@example.com",
            action: "update",
            before: OLD_BEFORE,
            after: OLD_AFTER,
          });
        const [old, added] = await store.listProductChanges(lamp.id, 10);
        assert.deepEqual(old.before, READ_BEFORE);
        assert.deepEqual(old.after, { ...READ_BEFORE, priceCents: 29 });
        assert.equal(added.after?.priceCents, 1999);
      } finally {
        await store.close();
        await db.terminate();
      }
    });
  }
});
