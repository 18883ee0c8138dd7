/**
 * The version a page part's mark takes (lib/catalog/changes.ts,
 * catalogVersionExpiredHere, read by lib/catalog/read.ts): self-hosted, the
 * version this process's change feed listens from, without a read; nothing
 * before the feed has started (the caller then reads the store) and nothing
 * on Vercel, whose shared cache the feed does not expire.
 */
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type * as ChangesModule from "@/lib/catalog/changes";
import type { Store } from "@/lib/data/contract/store";
import { eventually, product } from "./helpers/fixtures";
import { setUpServerEnv } from "./helpers/server-env";

const dir = setUpServerEnv("catalog-version-here-");
let changes: typeof ChangesModule;
let store: Store;

before(async () => {
  changes = await import("@/lib/catalog/changes");
  store = await (await import("@/lib/data")).getStore();
  await store.upsertProducts([product("here-1", 1)]);
  await store.upsertProducts([product("here-2", 2)]);
});

after(async () => {
  (await changes.catalogChanges()).stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the catalogue version a mark takes", () => {
  it("is none before the process's feed has started, and asking does not start it", async () => {
    assert.equal(changes.catalogVersionExpiredHere(), null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(changes.catalogVersionExpiredHere(), null);
  });

  it("is the store's version once the feed listens", async () => {
    const version = await store.getCatalogVersion();
    assert.ok(version >= 2);
    await changes.catalogChanges();
    await eventually(() => assert.equal(changes.catalogVersionExpiredHere(), version));
  });

  it("is none on Vercel, where the platform's shared cache is not the feed's to expire", async () => {
    await changes.catalogChanges();
    assert.notEqual(changes.catalogVersionExpiredHere(), null);
    assert.equal(changes.catalogVersionExpiredHere({ VERCEL: "1" }), null);
  });
});
