/**
 * Fuzzes the cart with generated bad product ids (wrong types, huge strings,
 * control and emoji characters, paths, HTML): the "use server" actions
 * themselves, called directly with no request at all (they validate before
 * any request API, so a bad call must answer without one: the id's one
 * parse), and their server half (lib/cart/service.ts), which trusts that
 * parse, with ids forced past it: the store's own id rule still refuses them.
 * Every call must return the invalid_input failure and leave every table
 * byte-for-byte as it was.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { addToCartAction, removeFromCartAction, setCartQuantityAction } from "@/lib/cart/actions";
import type { ProductId } from "@/lib/data/contract/catalog";
import { cartFailure } from "@/lib/cart/results";
import { addToOwnerCart, ownerCart, removeFromOwnerCart } from "@/lib/cart/service";
import { getStore } from "@/lib/data";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { FUZZ_SEED, RunCounter, badProductId, wrongType } from "../helpers/bad-inputs";
import { product, productsOf } from "../helpers/fixtures";
import { snapshotSqlite } from "../helpers/sqlite-snapshot";

const RUNS = 1_000;
const dir = mkdtempSync(join(tmpdir(), "fuzz-cart-"));
const dbFile = join(dir, "storefront.db");
// The actions open the process's store through getStore(): point it at a
// temp file, so "unchanged" is checked on the very store they would write to.
process.env.STORE_BACKEND = "sqlite";
process.env.SQLITE_PATH = dbFile;

const invalid = cartFailure("invalid_input");
const runs = new RunCounter();
const shopper: CartOwner = "user:fuzz-shopper";
const guest: CartOwner = "guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";

describe("cart fuzz", () => {
  let store: Store;

  before(async () => {
    store = await getStore();
    const lamp = product("fuzz-lamp", 2, "Electronics", { priceCents: 3999 });
    const mug = product("fuzz-mug", 1, "Accessories", { priceCents: 1250 });
    await store.upsertProducts([lamp, mug]);
    // Real owners with real lines, so a stray write or delete would show.
    await store.addToLine(shopper, lamp.id, 2);
    await store.addToLine(guest, mug.id, 1);
  });

  after(async () => {
    console.log(`cart fuzz runs (seed ${FUZZ_SEED}): ${runs.summary()}`);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(`addToCartAction / removeFromCartAction refuse ${RUNS} bad ids each without a request and write nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    await fc.assert(
      fc.asyncProperty(badProductId(), async (id) => {
        runs.hit("addToCartAction");
        assert.deepEqual(await addToCartAction(id), invalid);
      }),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(badProductId(), async (id) => {
        runs.hit("removeFromCartAction");
        assert.deepEqual(await removeFromCartAction(id), invalid);
      }),
      { seed: FUZZ_SEED + 1, numRuns: RUNS },
    );
    assert.deepEqual(snapshotSqlite(dbFile), before);
    assert.ok(runs.count("addToCartAction") >= RUNS && runs.count("removeFromCartAction") >= RUNS, runs.summary());
  });

  test(`setCartQuantityAction refuses ${RUNS} bad ids and ${RUNS} bad quantities without a request and writes nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    await fc.assert(
      fc.asyncProperty(badProductId(), fc.integer({ min: 1, max: 999 }), async (id, quantity) => {
        runs.hit("setCartQuantityAction (bad id)");
        assert.deepEqual(await setCartQuantityAction(id, quantity), invalid);
      }),
      { seed: FUZZ_SEED + 4, numRuns: RUNS },
    );
    const badQuantity = fc.oneof(
      // wrongType() also makes numbers; the good ones (whole, 1..999) are not bad.
      wrongType().filter((q) => !(typeof q === "number" && Number.isInteger(q) && q >= 1 && q <= 999)),
      fc.integer({ max: 0 }),
      fc.integer({ min: 1000 }),
      fc.double({ noInteger: true }),
      fc.constantFrom("3", "1e2", Infinity, -Infinity, Number.NaN, 2 ** 53, -0.5),
    );
    await fc.assert(
      fc.asyncProperty(badQuantity, async (quantity) => {
        runs.hit("setCartQuantityAction (bad quantity)");
        assert.deepEqual(await setCartQuantityAction("fuzz-lamp", quantity), cartFailure("invalid_quantity"));
      }),
      { seed: FUZZ_SEED + 5, numRuns: RUNS },
    );
    assert.deepEqual(snapshotSqlite(dbFile), before);
  });

  // The server half takes a parsed ProductId and does not parse again; an id
  // forced past that type (a cast) still meets the store's own rule.
  test(`${RUNS} bad ids forced past the parse are refused by the store for real owners and write nothing`, async () => {
    const before = snapshotSqlite(dbFile);
    const shopperCart = await ownerCart(store, shopper, productsOf(store));
    await fc.assert(
      fc.asyncProperty(badProductId(), fc.constantFrom(shopper, guest), async (id, owner) => {
        runs.hit("addToOwnerCart");
        assert.deepEqual(await addToOwnerCart(store, owner, id as ProductId, productsOf(store)), invalid);
        runs.hit("removeFromOwnerCart");
        assert.deepEqual(await removeFromOwnerCart(store, owner, id as ProductId, productsOf(store)), invalid);
      }),
      { seed: FUZZ_SEED + 2, numRuns: RUNS },
    );
    assert.deepEqual(snapshotSqlite(dbFile), before);
    assert.deepEqual(await ownerCart(store, shopper, productsOf(store)), shopperCart);
    assert.ok(runs.count("addToOwnerCart") >= RUNS && runs.count("removeFromOwnerCart") >= RUNS, runs.summary());
  });

  test("well-formed ids of no product are not_found and write nothing", async () => {
    const before = snapshotSqlite(dbFile);
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/).filter((id) => !id.startsWith("fuzz-")),
        async (id) => {
          runs.hit("unknown id");
          assert.deepEqual(await addToOwnerCart(store, shopper, id as ProductId, productsOf(store)), cartFailure("not_found"));
          const removed = await removeFromOwnerCart(store, shopper, id as ProductId, productsOf(store));
          assert.equal(removed.ok && removed.removed, false);
        },
      ),
      { seed: FUZZ_SEED + 3, numRuns: 300 },
    );
    assert.deepEqual(snapshotSqlite(dbFile), before);
  });
});
