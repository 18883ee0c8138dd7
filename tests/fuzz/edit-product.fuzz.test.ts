/**
 * Fuzzes the edit and delete paths (updateProductAs, deleteProductAs: the
 * actions without their request) against a real SQLite store, as the
 * add-product fuzz does: an admin's generated bad forms for a real product at
 * its real revision, generated bad product ids and revisions with a valid
 * form, and valid edits and deletes from callers who are not an admin on the
 * shop's page. Nothing refused may change the database (products, their
 * revisions and the change record alike).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { deleteProductAs, EDIT_MESSAGES, updateProductAs } from "@/lib/admin/edit-product";
import { REFUSALS, type Caller } from "@/lib/admin/guard";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { FUZZ_SEED, RunCounter, badProductId, hostileText, wrongType } from "../helpers/bad-inputs";
import { badForm, toFormData, validForm, type FormValue } from "../helpers/bad-product-forms";
import { product } from "../helpers/fixtures";
import { snapshotSqlite } from "../helpers/sqlite-snapshot";

const RUNS = 1_000;
const dir = mkdtempSync(join(tmpdir(), "fuzz-edit-product-"));
const dbFile = join(dir, "storefront.db");
const runs = new RunCounter();
const LAMP = "existing-lamp";

const page = { origin: "http://localhost:3000", host: "localhost:3000", forwardedHost: null };
const admin: Caller = { ...page, user: { isAdmin: true, email: "admin@example.com" } };

/** A value as a form field's text, as a browser would send it (String() throws on a null-prototype object). */
function asText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return "[object Object]";
  }
}

/** A form's entries with the product id and revision in front. */
const withTarget = (id: unknown, revision: unknown, entries: ReadonlyArray<[string, FormValue]>) =>
  toFormData([["productId", asText(id)], ["revision", asText(revision)], ...entries]);

describe("edit and delete fuzz", () => {
  let store: Store;
  let revision = 0;
  let opened = 0;
  const openStore = async () => {
    opened += 1;
    return store;
  };

  before(async () => {
    store = openSqliteStore(dbFile);
    await store.upsertProducts([product(LAMP, 1, "Electronics")]);
    revision = (await store.getProductRevision(LAMP))!.revision;
  });

  after(async () => {
    console.log(`edit-product fuzz runs (seed ${FUZZ_SEED}): ${runs.summary()}`);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(`an admin's ${RUNS} generated bad forms for a real product are each refused with field errors and change nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    await fc.assert(
      fc.asyncProperty(badForm(), async ({ entries, defective }) => {
        runs.hit("bad form (admin)");
        const result = await updateProductAs(admin, withTarget(LAMP, revision, entries), openStore);
        assert.equal(result.ok, false, "a bad form was saved");
        if (result.ok) return;
        assert.equal(result.error, EDIT_MESSAGES.fields);
        for (const field of defective) assert.ok(result.fieldErrors[field], `no error for ${field}`);
      }),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
    assert.equal(opened, 0, "a refused form opened the store");
    assert.deepEqual(snapshotSqlite(dbFile), before);
  });

  test(`${RUNS} generated bad product ids and revisions, with a valid form, are refused and change nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    const badRevision = fc.oneof(wrongType(), hostileText(), fc.constantFrom("-1", "1.5", "1e3", "", " 0", "0x1", "9".repeat(20), "NaN"));
    const target = fc.oneof(
      fc.tuple(badProductId(), fc.constant<unknown>(revision)),
      fc.tuple(fc.constant<unknown>(LAMP), badRevision),
      fc.tuple(badProductId(), badRevision),
      // Well formed, but not this product's revision or not a product at all.
      fc.tuple(fc.constant<unknown>(LAMP), fc.integer({ min: revision + 1, max: 1e9 })),
      fc.tuple(fc.constantFrom<unknown>("no-such-product", "a".repeat(128)), fc.constant<unknown>(revision)),
    );
    await fc.assert(
      fc.asyncProperty(target, validForm(), async ([id, rev], form) => {
        runs.hit("bad target (admin)");
        const edited = await updateProductAs(admin, withTarget(id, rev, Object.entries(form)), openStore);
        assert.equal(edited.ok, false, `saved ${asText(id).slice(0, 40)} @ ${asText(rev).slice(0, 20)}`);
        const deleted = await deleteProductAs(admin, withTarget(id, rev, [["confirm", "delete"]]), openStore);
        assert.equal(deleted.ok, false);
      }),
      { seed: FUZZ_SEED + 2, numRuns: RUNS },
    );
    assert.deepEqual(snapshotSqlite(dbFile), before);
  });

  test(`${RUNS} valid edits and deletes from callers who are not an admin on the shop's page change nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    opened = 0;
    const notAdmin = fc.constantFrom<Caller["user"]>(null, { isAdmin: false }, { isAdmin: "true" as never }, {} as never);
    const caller: fc.Arbitrary<{ caller: Caller; expected: string }> = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(null, "null", "https://evil.example", "http://localhost:3000.evil.example"),
          fc.oneof(fc.constant(admin.user), notAdmin),
        )
        .map(([origin, user]) => ({ caller: { ...page, origin, user }, expected: REFUSALS.crossOrigin })),
      notAdmin.map((user) => ({ caller: { ...page, user }, expected: REFUSALS.notAdmin })),
      fc.constant({ caller: { ...page, user: "unavailable" as const }, expected: REFUSALS.unavailable }),
    );
    await fc.assert(
      fc.asyncProperty(caller, validForm(), async ({ caller: who, expected }, form) => {
        runs.hit("valid edit (not an admin)");
        const edited = await updateProductAs(who, withTarget(LAMP, revision, Object.entries(form)), openStore);
        assert.equal(!edited.ok && edited.error, expected);
        const deleted = await deleteProductAs(who, withTarget(LAMP, revision, [["confirm", "delete"]]), openStore);
        assert.equal(!deleted.ok && deleted.error, expected);
      }),
      { seed: FUZZ_SEED + 3, numRuns: RUNS },
    );
    assert.equal(opened, 0, "a refused caller opened the store");
    assert.deepEqual(snapshotSqlite(dbFile), before);
  });
});
