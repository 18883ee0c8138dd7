/**
 * The proxy's check of a category's page number (lib/catalog/listing-page-exists.ts)
 * on a real SQLite store: a number within the last count passes with no read;
 * one past it is counted at most once per interval per type, however many
 * ask; a page that new products filled is found once the interval has
 * passed; a count the store cannot give is "unavailable", logged, and not
 * remembered.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it, mock } from "node:test";
import type * as ExistsModule from "@/lib/catalog/listing-page-exists";
import type { Store } from "@/lib/data/contract/store";
import { captureLogLines } from "@/lib/log/sink";
import { product } from "./helpers/fixtures";

// One process, one environment (lib/env.ts parses it once): a SQLite store in a temporary folder. Set before any lib import.
const dir = mkdtempSync(join(tmpdir(), "listing-pages-"));
process.env.SQLITE_PATH = join(dir, "store.db");
process.env.STORE_BACKEND = "sqlite";
delete process.env.VERCEL;

const accessories = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => product(`acc-${from + i}`, 1_000 + from + i, "Accessories"));

describe("a category page number, as the proxy checks it", () => {
  let listingPageExists: typeof ExistsModule.listingPageExists;
  let store: Store;
  let counts = 0;

  before(async () => {
    mock.timers.enable({ apis: ["Date"], now: 1_000_000 });
    ({ listingPageExists } = await import("@/lib/catalog/listing-page-exists"));
    store = await (await import("@/lib/data")).getStore();
    await store.upsertProducts(accessories(0, 10)); // 8 to a page: pages 1 and 2
    const count = store.countProducts.bind(store);
    mock.method(store, "countProducts", (type: Parameters<Store["countProducts"]>[0]) => {
      counts++;
      return count(type);
    });
  });
  after(async () => {
    mock.timers.reset();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes page 1 without a count, and a page within the last count without another", async () => {
    assert.equal(await listingPageExists("Accessories", 1), true);
    assert.equal(counts, 0);
    assert.equal(await listingPageExists("Accessories", 2), true);
    assert.equal(counts, 1);
    mock.timers.tick(60_000);
    assert.equal(await listingPageExists("Accessories", 2), true);
    assert.equal(counts, 1, "within the last count, however old");
  });

  it("counts a number past the last count at most once per interval, shared by requests at once", async () => {
    counts = 0;
    const answers = await Promise.all([3, 4, 999_999].map((page) => listingPageExists("Accessories", page)));
    assert.deepEqual(answers, [false, false, false]);
    assert.equal(counts, 1);
    assert.equal(await listingPageExists("Accessories", 3), false);
    assert.equal(counts, 1, "made-up numbers within the interval cost nothing more");
  });

  it("finds a page that new products filled once the interval has passed", async () => {
    counts = 0;
    await store.upsertProducts(accessories(10, 7)); // 17: page 3 holds one
    assert.equal(await listingPageExists("Accessories", 3), false, "this interval's count is still the old one");
    mock.timers.tick(5_000);
    assert.equal(await listingPageExists("Accessories", 3), true);
    assert.equal(await listingPageExists("Accessories", 4), false);
    assert.equal(counts, 1);
  });

  it("answers 'unavailable' when the store cannot count, logs it, and asks again next time", async () => {
    mock.timers.tick(5_000);
    const failing = mock.method(store, "countProducts", () => Promise.reject(new Error("store down")));
    const logged = captureLogLines();
    try {
      assert.equal(await listingPageExists("Sport", 2), "unavailable");
      assert.deepEqual(
        logged.lines.map((line) => line.kind),
        ["catalog.listing_page_check_failed"],
      );
    } finally {
      logged.restore();
      failing.mock.restore();
    }
    assert.equal(await listingPageExists("Sport", 2), false, "the failed count was not remembered: an empty Sport has one page");
  });
});
