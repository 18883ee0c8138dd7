/**
 * What the self-hosted page cache keeps (cache-handlers/kept-pages.mjs,
 * route-cache.mjs): never a 404 but the site's own not-found page, never a
 * search that found nothing; everything else as Next's own cache would, in
 * memory only.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keptPage, NOTHING_FOUND_TAG } from "@/cache-handlers/kept-pages.mjs";
import RouteCache from "@/cache-handlers/route-cache.mjs";

const KEY = (path: string) => `/route-cache/0166717c01986f1d421d6eac68260cad9db8eb23a222d0f4ee1e68a9c3d760ad/$${path}`;
const page = (status: number | undefined, tags: string) => ({
  kind: "APP_PAGE",
  status,
  html: "<html></html>",
  rscData: Buffer.from("rsc"),
  headers: { "x-next-cache-tags": tags },
});

describe("the pages the page cache keeps", () => {
  it("keeps a product's page, a search that found something, the site's not-found page", () => {
    assert.equal(keptPage(KEY("/details-page/lamp"), page(undefined, "_N_T_/layout,catalog,product:lamp")), true);
    assert.equal(keptPage(KEY("/search/lamp"), page(200, "_N_T_/layout,catalog,search,product:lamp")), true);
    assert.equal(keptPage(KEY("/_not-found"), page(404, "_N_T_/layout,_N_T_/_not-found")), true);
    assert.equal(keptPage(KEY("/x"), { kind: "FETCH" }), true);
  });

  it("does not keep a made-up id's 404 or a search that found nothing", () => {
    assert.equal(keptPage(KEY("/details-page/made-up-1"), page(404, "_N_T_/layout,catalog,product:made-up-1")), false);
    assert.equal(keptPage(KEY("/search/zzqqxx"), page(undefined, `_N_T_/layout,catalog,search,${NOTHING_FOUND_TAG}`)), false);
  });
});

describe("the page cache handler", () => {
  it("keeps pages in memory only, and drops a path's entry when its new page is not kept", async () => {
    const written: string[] = [];
    const fs = {
      existsSync: () => false,
      readFile: async () => {
        throw Object.assign(new Error("no file"), { code: "ENOENT" });
      },
      readFileSync: () => {
        throw new Error("no file");
      },
      stat: async () => ({ mtime: new Date() }),
      mkdir: async () => undefined,
      writeFile: async (path: string) => void written.push(path),
      writeFileAtomic: async (path: string) => void written.push(path),
    };
    const cache = new RouteCache({
      fs,
      serverDistDir: "/nowhere",
      flushToDisk: false,
      maxMemoryCacheSize: 1024 * 1024,
      revalidatedTags: [],
    } as never);
    const ctx = { cacheControl: { revalidate: 3600, expire: 86400 }, isRoutePPREnabled: false, isFallback: false } as never;
    const get = (key: string) => cache.get(key, { kind: "APP_PAGE", isRoutePPREnabled: false, isFallback: false } as never);

    await cache.set(KEY("/details-page/lamp"), page(200, "catalog,product:lamp") as never, ctx);
    assert.equal((await get(KEY("/details-page/lamp")))?.value?.kind, "APP_PAGE");
    // The product is deleted: its page is now a 404, which is not kept, and the old one is gone too.
    await cache.set(KEY("/details-page/lamp"), page(404, "catalog,product:lamp") as never, ctx);
    assert.equal(await get(KEY("/details-page/lamp")), null);
    await cache.set(KEY("/search/zzqqxx"), page(200, `catalog,search,${NOTHING_FOUND_TAG}`) as never, ctx);
    assert.equal(await get(KEY("/search/zzqqxx")), null);
    assert.deepEqual(written, [], "nothing written to disk");
  });
});
