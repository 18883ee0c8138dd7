import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeSmokeVerdict, runSmoke, type SmokeFetch } from "@/lib/ops/smoke";

// npm run smoke's verdicts (lib/ops/smoke.ts) against a fake shop: a good
// production deploy passes; each way a deploy is commonly wrong fails the
// check that names it, in words.
const ORIGIN = "https://shop.example.com";
const GOOD_CSP =
  "default-src 'self'; frame-src https://shop-prod.firebaseapp.com; connect-src 'self' https://identitytoolkit.googleapis.com";

interface FakePage {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

function shop(pages: Record<string, FakePage>): SmokeFetch {
  return async (url) => {
    const page = pages[new URL(url).pathname];
    if (!page) throw new TypeError("fetch failed", { cause: new Error(`connect ECONNREFUSED (${url})`) });
    return {
      status: page.status ?? 200,
      header: (name) => page.headers?.[name.toLowerCase()] ?? null,
      text: async () => page.body,
    };
  };
}

function goodPages(origin = ORIGIN): Record<string, FakePage> {
  return {
    "/api/health": { body: '{"ok":true,"store":"firestore"}' },
    "/": {
      headers: { "strict-transport-security": "max-age=63072000", "content-security-policy": GOOD_CSP },
      body: `<html><head><link rel="canonical" href="${origin}/"/></head><body>Storefront</body></html>`,
    },
    "/sitemap.xml": { body: `<sitemapindex><sitemap><loc>${origin}/sitemap/0.xml</loc></sitemap></sitemapindex>` },
    "/sitemap/0.xml": { body: `<urlset><url><loc>${origin}/</loc></url><url><loc>${origin}/electronics</loc></url></urlset>` },
  };
}

const failed = (verdicts: Awaited<ReturnType<typeof runSmoke>>) => verdicts.filter((v) => !v.ok).map((v) => v.check);

describe("npm run smoke", () => {
  it("passes a good production deploy", async () => {
    const verdicts = await runSmoke(`${ORIGIN}/`, shop(goodPages()));
    assert.deepEqual(failed(verdicts), []);
    assert.deepEqual(
      verdicts.map((v) => v.check),
      ["health", "home page", "sitemap"],
    );
  });

  it("fails a deploy on SQLite or with the store down", async () => {
    const pages = goodPages();
    pages["/api/health"] = { body: '{"ok":true,"store":"sqlite"}' };
    assert.deepEqual(failed(await runSmoke(ORIGIN, shop(pages))), ["health"]);
    pages["/api/health"] = { status: 503, body: '{"ok":false}' };
    const verdicts = await runSmoke(ORIGIN, shop(pages));
    assert.match(verdicts.map(describeSmokeVerdict).join("\n"), /✘ health: \/api\/health answered 503/);
  });

  it("fails a home page without HSTS, or with an emulator host in its CSP", async () => {
    const pages = goodPages();
    pages["/"].headers = { "content-security-policy": `${GOOD_CSP} http://127.0.0.1:9099` };
    const text = (await runSmoke(ORIGIN, shop(pages))).map(describeSmokeVerdict).join("\n");
    assert.match(text, /✘ home page: sends no Strict-Transport-Security header; its Content-Security-Policy names a local host/);
  });

  it("fails a sitemap index whose first part does not answer", async () => {
    const pages = goodPages();
    pages["/sitemap/0.xml"] = { status: 404, body: "Not Found" };
    const verdicts = await runSmoke(ORIGIN, shop(pages));
    assert.deepEqual(failed(verdicts), ["sitemap"]);
    assert.match(describeSmokeVerdict(verdicts.at(-1)!), /https:\/\/shop.example.com\/sitemap\/0.xml answered 404 with 0 URLs/);
  });

  it("fails canonical links and a sitemap built for another address (SITE_URL unset or wrong)", async () => {
    const pages = goodPages("http://localhost:3000");
    pages["/"].headers = goodPages()["/"].headers;
    const verdicts = await runSmoke(ORIGIN, shop(pages));
    assert.deepEqual(failed(verdicts), ["home page", "sitemap"]);
    const text = verdicts.map(describeSmokeVerdict).join("\n");
    assert.match(text, /canonical link is http:\/\/localhost:3000\/, not on https:\/\/shop.example.com \(SITE_URL\)/);
    assert.match(text, /3 of 3 URLs are not on https:\/\/shop.example.com, e.g. http:\/\/localhost:3000\//);
  });

  it("fails an http address, and a shop that does not answer, in words", async () => {
    const verdicts = await runSmoke("http://shop.example.com", shop({}));
    assert.deepEqual(failed(verdicts), ["address", "health", "home page", "sitemap"]);
    assert.match(describeSmokeVerdict(verdicts[1]), /✘ health: no answer: fetch failed \(connect ECONNREFUSED/);
  });
});
