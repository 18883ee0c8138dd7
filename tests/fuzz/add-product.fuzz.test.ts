/**
 * Fuzzes the add-product path (addProductAs: the action without its request)
 * against a real SQLite store: an admin on the shop's page sending generated
 * bad forms (missing, extra and duplicate fields, files instead of text, huge
 * strings, control characters, emoji, HTML, bad image URLs, prices that are
 * not plain amounts, types not in the list), then valid forms from callers who
 * may not add products. Nothing refused may reach the products table.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { addProductAs } from "@/lib/admin/add-product";
import { REFUSALS, type Caller } from "@/lib/admin/guard";
import { NOT_A_FORM } from "@/lib/admin/read-product-form";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { FUZZ_SEED, RunCounter, hostileText, wrongType } from "../helpers/bad-inputs";
import { FORM_FIELDS, badForm, toFormData, validForm } from "../helpers/bad-product-forms";
import { product } from "../helpers/fixtures";
import { snapshotSqlite } from "../helpers/sqlite-snapshot";

const RUNS = 1_000;
const dir = mkdtempSync(join(tmpdir(), "fuzz-add-product-"));
const dbFile = join(dir, "storefront.db");
const runs = new RunCounter();

const page = { origin: "http://localhost:3000", host: "localhost:3000", forwardedHost: null };
const admin: Caller = { ...page, user: { isAdmin: true } };

describe("add-product fuzz", () => {
  let store: Store;
  let opened = 0;
  // Counts how often the core asked for the store: a refusal must not even open it.
  const openStore = async () => {
    opened += 1;
    return store;
  };

  before(async () => {
    store = openSqliteStore(dbFile);
    await store.upsertProducts([product("existing-lamp", 1, "Electronics")]);
  });

  after(async () => {
    console.log(`add-product fuzz runs (seed ${FUZZ_SEED}): ${runs.summary()}`);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(`an admin's ${RUNS} generated bad forms are each refused with field errors and write nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    await fc.assert(
      fc.asyncProperty(badForm(), async ({ entries, defective }) => {
        runs.hit("bad form (admin)");
        const result = await addProductAs(admin, toFormData(entries), openStore);
        assert.equal(result.ok, false, "a bad form was accepted");
        if (result.ok) return;
        assert.equal(result.error, "Some fields need attention.");
        for (const field of defective) assert.ok(result.fieldErrors[field], `no error for ${field}`);
        // Only form fields are named, each with a sentence; what was typed comes back as text.
        for (const [field, message] of Object.entries(result.fieldErrors)) {
          assert.ok((FORM_FIELDS as readonly string[]).includes(field), field);
          assert.equal(typeof message, "string");
        }
        const { images, ...typed } = result.values ?? { images: null };
        assert.deepEqual(Object.keys(typed).sort(), [...FORM_FIELDS, "productImageAlt"].sort());
        for (const value of Object.values(typed)) assert.equal(typeof value, "string");
        assert.deepEqual(images, [], "an add form lists no images");
      }),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
    assert.equal(opened, 0, "a refused form opened the store");
    assert.deepEqual(snapshotSqlite(dbFile), before);
    assert.ok(runs.count("bad form (admin)") >= RUNS, runs.summary());
  });

  test("the brief's named bad values are refused on their own, next to valid fields", async () => {
    // The generator mixes these with other defects; here each is the only thing wrong.
    const named: Array<[(typeof FORM_FIELDS)[number], string]> = [
      ...[
        "javascript:alert(1)",
        "data:image/svg+xml,<svg onload=alert(1)>",
        "http://cdn.example.com/x.jpg",
        "//cdn.example.com/x.jpg",
        "https:alert(1)",
        "https://user:pw@x.com/a.jpg",
        "https://localhost/a.jpg",
        "https://exa mple.com/a.jpg",
      ].map((image) => ["productImage", image] as [(typeof FORM_FIELDS)[number], string]),
      ...["1e3", "-0", "NaN", "0.001"].map((price) => ["productPrize", price] as [(typeof FORM_FIELDS)[number], string]),
      ["productType", "Food"],
    ];
    const before = snapshotSqlite(dbFile);
    for (const [field, value] of named) {
      const fields: Record<string, string> = {
        productName: "Desk Lamp",
        productImage: "/products/lamp.webp",
        productPrize: "39.99",
        productDetails: "Warm light.",
        productType: "Book",
        [field]: value,
      };
      const result = await addProductAs(admin, toFormData(Object.entries(fields)), openStore);
      assert.equal(result.ok, false, `${field}=${value} was accepted`);
      if (!result.ok) assert.deepEqual(Object.keys(result.fieldErrors), [field], `${field}=${value}`);
    }
    assert.equal(opened, 0);
    assert.deepEqual(snapshotSqlite(dbFile), before);
  });

  test("an argument that is not FormData at all is refused", async () => {
    const before = snapshotSqlite(dbFile);
    const formShaped = fc.record({ productName: fc.constant("Desk Lamp"), get: fc.constant(() => "Desk Lamp") });
    await fc.assert(
      fc.asyncProperty(fc.oneof(wrongType(), hostileText(), formShaped), async (form) => {
        runs.hit("not a form (admin)");
        assert.deepEqual(await addProductAs(admin, form, openStore), { ok: false, error: NOT_A_FORM, fieldErrors: {} });
      }),
      { seed: FUZZ_SEED + 1, numRuns: 300 },
    );
    assert.equal(opened, 0);
    assert.deepEqual(snapshotSqlite(dbFile), before);
  });

  test(`${RUNS} valid forms from callers who are not an admin on the shop's page write nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    const badOrigin = fc.oneof(
      fc.constantFrom(
        null,
        "null",
        "",
        "https://evil.example",
        "http://localhost:3000.evil.example",
        "http://evil.example:3000",
        "file://",
        "javascript:alert(1)",
      ),
      fc.constantFrom("http://localhost:3001", "ws://localhost:3000", "http://user@evil.example"),
      hostileText(),
    );
    const notAdmin = fc.constantFrom<Caller["user"]>(
      null,
      { isAdmin: false },
      { isAdmin: "true" as never },
      { isAdmin: 1 as never },
      {} as never,
    );
    const caller: fc.Arbitrary<{ caller: Caller; expected: string | null }> = fc.oneof(
      // Another origin, with or without an admin session: the origin check comes first.
      fc.tuple(badOrigin, fc.oneof(fc.constant(admin.user), notAdmin)).map(([origin, user]) => ({
        caller: { ...page, origin, user },
        expected: REFUSALS.crossOrigin,
      })),
      // The right page, no admin session.
      notAdmin.map((user) => ({ caller: { ...page, user }, expected: REFUSALS.notAdmin })),
      // A forged Host matching a forged Origin is still not an admin (null: either refusal,
      // as some generated hosts cannot be the host of any URL).
      fc.tuple(hostileText(), notAdmin).map(([host, user]) => ({
        caller: { origin: `http://${host}`, host, forwardedHost: null, user },
        expected: null,
      })),
    );
    await fc.assert(
      fc.asyncProperty(caller, validForm(), async ({ caller: who, expected }, fields) => {
        runs.hit("valid form (refused caller)");
        const result = await addProductAs(who, toFormData(Object.entries(fields)), openStore);
        assert.equal(result.ok, false, "a refused caller added a product");
        if (result.ok) return;
        if (expected) assert.equal(result.error, expected);
        else assert.ok(Object.values<string>(REFUSALS).includes(result.error), result.error);
        assert.deepEqual(result.fieldErrors, {});
      }),
      { seed: FUZZ_SEED + 2, numRuns: RUNS },
    );
    assert.equal(opened, 0);
    assert.deepEqual(snapshotSqlite(dbFile), before);
    assert.ok(runs.count("valid form (refused caller)") >= RUNS, runs.summary());
  });

  test("control: the same admin with a valid form (plus noise) adds exactly one product", async () => {
    // Without this, a core that refused everything would pass every test above.
    const data = toFormData([
      ["productName", "Fuzz Control Lamp"],
      ["productImage", "/products/lamp.webp"],
      ["productPrize", "39.99"],
      ["productDetails", "Warm light."],
      ["productType", "Electronics"],
      ["productName", "<img src=x onerror=alert(1)>"],
      ["id", "chosen-id"],
    ]);
    const result = await addProductAs(admin, data, openStore);
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.product.name, "Fuzz Control Lamp");
    assert.notEqual(result.product.id, "chosen-id");
    assert.equal(opened, 1);
    assert.equal((await store.listProducts()).length, 2);
  });
});
