/**
 * A page's shared caching is said to CDNs, never to browsers
 * (lib/http/cache-control-for-browsers.ts, lib/http/cdn-directives.ts):
 * Next's `s-maxage=N, stale-while-revalidate=M` reaches a browser as
 * `max-age=0, s-maxage=N`, and CDNs read the rest in CDN-Cache-Control.
 */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { cacheControlForBrowsers } from "@/lib/http/cache-control-for-browsers";
import { keepCdnDirectivesFromBrowsers } from "@/lib/http/cdn-directives";

describe("cacheControlForBrowsers", () => {
  it("splits Next's header of a cached page: browsers ask again, CDNs keep it and serve it stale while it renders", () => {
    assert.deepEqual(cacheControlForBrowsers("s-maxage=3600, stale-while-revalidate=82800"), {
      browser: "max-age=0, s-maxage=3600",
      cdn: "max-age=3600, stale-while-revalidate=82800",
    });
  });

  it("keeps a route's other directives for browsers, its max-age replaced by 0", () => {
    assert.deepEqual(cacheControlForBrowsers("public, max-age=60, s-maxage=3600, stale-while-revalidate=86400"), {
      browser: "max-age=0, public, s-maxage=3600",
      cdn: "max-age=3600, stale-while-revalidate=86400",
    });
  });

  it("takes max-age as the shared age when there is no s-maxage, whatever the case and spacing", () => {
    assert.deepEqual(cacheControlForBrowsers("Max-Age=120,Stale-While-Revalidate=30"), {
      browser: "max-age=0",
      cdn: "max-age=120, Stale-While-Revalidate=30",
    });
  });

  it("leaves alone a value no browser may serve stale", () => {
    for (const value of [
      "private, no-cache, no-store, max-age=0, must-revalidate",
      "public, max-age=31536000, s-maxage=31536000, immutable",
      "s-maxage=31536000",
      "no-store",
    ]) {
      assert.equal(cacheControlForBrowsers(value), null, value);
    }
  });
});

describe("keepCdnDirectivesFromBrowsers", () => {
  it("splits what a response of this process's HTTP server sets, and only Cache-Control", async () => {
    keepCdnDirectivesFromBrowsers();
    const server = createServer((request, response) => {
      response.setHeader("Content-Type", "text/plain");
      // A page's answer sets it, a route handler's appends it (next/dist/server/send-response.js).
      // Next's response wrapper appends by setting an array of values.
      if (request.url === "/array") response.setHeader("Cache-Control", ["public, max-age=0, s-maxage=3600, stale-while-revalidate=86400"]);
      else if (request.url === "/route")
        response.appendHeader("Cache-Control", "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400");
      else response.setHeader("Cache-Control", request.url === "/page" ? "s-maxage=3600, stale-while-revalidate=82800" : "no-store");
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const page = await fetch(`http://127.0.0.1:${port}/page`);
      assert.equal(page.headers.get("cache-control"), "max-age=0, s-maxage=3600");
      assert.equal(page.headers.get("cdn-cache-control"), "max-age=3600, stale-while-revalidate=82800");
      assert.equal(page.headers.get("content-type"), "text/plain");
      const route = await fetch(`http://127.0.0.1:${port}/route`);
      assert.equal(route.headers.get("cache-control"), "max-age=0, public, s-maxage=3600");
      assert.equal(route.headers.get("cdn-cache-control"), "max-age=3600, stale-while-revalidate=86400");
      const array = await fetch(`http://127.0.0.1:${port}/array`);
      assert.equal(array.headers.get("cache-control"), "max-age=0, public, s-maxage=3600");
      assert.equal(array.headers.get("cdn-cache-control"), "max-age=3600, stale-while-revalidate=86400");
      const other = await fetch(`http://127.0.0.1:${port}/other`);
      assert.equal(other.headers.get("cache-control"), "no-store");
      assert.equal(other.headers.get("cdn-cache-control"), null);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
