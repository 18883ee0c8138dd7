/**
 * The Firestore adapter's own rule (lib/data/firestore/paths.ts): a value used
 * as a document id names one document of its collection, even when the
 * validation door is not in front of it. Run against the bare adapter on the
 * emulator: a path-like id is refused as invalid_input and nothing is written.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { after, describe, it } from "node:test";
import { createFirestoreAdapter } from "@/lib/data/firestore/adapter";
import { docId } from "@/lib/data/firestore/paths";
import { rejectsWith } from "./helpers/assert-store-error";
import { newProduct } from "./helpers/fixtures";

describe("Firestore document ids", () => {
  it("docId refuses what is not one document id", () => {
    for (const bad of ["a/b", "/", "", ".", "..", "__x__"]) assert.throws(() => docId(bad, "product id"), /not a Firestore document id/);
    for (const good of ["abc", "a.b", "__lead", "guest:0b5d1f2e"]) assert.equal(docId(good, "product id"), good);
  });

  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    it("needs the emulator", () => assert.fail("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts it"));
    return;
  }

  const app = initializeApp({ projectId: `demo-paths-${Date.now().toString(36)}` }, "firestore-paths");
  const adapter = createFirestoreAdapter(getFirestore(app));
  after(() => adapter.close());

  it("the bare adapter refuses a subcollection path as an id and writes nothing", async () => {
    const lamp = await adapter.addProduct(newProduct({ name: "Path Lamp" }));
    await rejectsWith(adapter.getProduct(`${lamp.id}/changes`), "invalid_input");
    await rejectsWith(adapter.addToLine("guest:a/b" as never, lamp.id, 1), "invalid_input");
    await rejectsWith(adapter.getUser("u/1"), "invalid_input");
    await rejectsWith(adapter.revokeSession("s/1", Date.now() + 60_000), "invalid_input");
    assert.equal(await adapter.hasCart("guest:a" as never), false);
    assert.deepEqual(
      (await adapter.listProducts()).map((p) => p.id),
      [lamp.id],
    );
  });
});
