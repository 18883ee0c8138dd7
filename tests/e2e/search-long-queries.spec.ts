/**
 * Long search queries: 100 CJK characters or 100 emoji are served, and a
 * long query that finds something is then served from the page cache. One
 * CJK character is nine characters once escaped, so such a query in one path
 * segment named a page-cache file far past the 255 bytes a file name may
 * have, and every request logged ENAMETOOLONG; its page's path is now cut
 * into short segments (lib/catalog/search-path.ts), and the self-hosted page
 * cache writes no files at all (cache-handlers/route-cache.mjs). A search
 * that finds nothing is not kept (a stranger's made-up queries would fill
 * the cache): rendered each time.
 *
 * The suite's server log is not the spec's to read: a shop of its own, on
 * the suite's build, whose log must hold no ENAMETOOLONG.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import {
  freshShopConfig,
  removeShopData,
  seedDemoCatalogue,
  startShop,
  stopShop,
  type ShopConfig,
  type ShopProcess,
} from "./helpers/shop-process";

// The load spec's shop takes the suite's port + 50, the two-instance spec's + 60, the cache-start spec's + 70.
const PORT = Number(new URL(baseURL).port) + 85;

// Each starts with this run's mark, so its page is new to the build's page cache and written by this shop.
const run = Date.now().toString(36);
const QUERIES = [
  { name: "100 CJK characters", query: `${run}${"検索語句".repeat(25)}`.slice(0, 100), found: false },
  // 200 UTF-16 units: the shop keeps the first 100 (50 emoji), never half of one.
  { name: "100 emoji", query: `${run}${"😀🎧🚲⌚🏀".repeat(20)}`, found: false },
  // 100 characters, their spaces escaped to three each, every word one of the headphones' (a search matches every word).
  {
    name: "100 characters that find a product",
    query: "noise cancelling headphones battery cushions ".repeat(3).slice(0, 100).trim(),
    found: true,
  },
];

const NO_RESULTS = '<p class="status-text">no posts</p>';

let config: ShopConfig;
let shop: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  config = await freshShopConfig(PORT);
  await seedDemoCatalogue(config);
  shop = await startShop(config);
});

test.afterAll(async () => {
  if (shop) await stopShop(shop);
  if (config) removeShopData(config);
});

/** The shop's log holds no failed page-cache write (Next logs it and still answers 200, from memory). */
function expectNoFailedCacheWrite(): void {
  expect(shop.log()).not.toMatch(/ENAMETOOLONG|Failed to update prerender cache/);
}

for (const { name, query, found } of QUERIES) {
  test(`a search of ${name} is served${found ? ", then from the page cache" : " each time, never kept (it found nothing)"}`, async ({
    request,
  }) => {
    const path = `${config.url}/search?q=${encodeURIComponent(query)}`;
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      // The page's own words for no results (the not-found page's "no posts." rides in every page's payload).
      if (found) expect(html).toContain("Aurora ANC Wireless Headphones");
      expect(html.includes(NO_RESULTS), "no results shown").toBe(!found);
      answers.push(response.headers()["x-nextjs-cache"] ?? "none");
    }
    // The first answer streams while it renders; once stored, the page is a cache hit. A page that found nothing is never stored.
    if (found) expect(answers.at(-1), answers.join(", ")).toBe("HIT");
    else expect(answers, answers.join(", ")).not.toContain("HIT");
    expectNoFailedCacheWrite();
  });
}

test('long queries from the page\'s own form go to pages of short segments, with results or "no posts"', async ({ page }) => {
  // The first 100 characters of a product's details (ASCII, but its spaces escape to three characters each).
  const details = "Over-ear headphones with adaptive noise cancelling and up to 40 hours of battery life. Memory-foam cushions";
  // The product whose details hold the most of the words comes first (lib/data/rules/search-rank.ts).
  const searches = [
    { query: details.slice(0, 100), first: "Aurora ANC Wireless Headphones" },
    { query: `${run}${"検".repeat(100)}`.slice(0, 100), first: null },
  ];
  await page.goto(`${config.url}/search`);
  for (const { query, first } of searches) {
    await page.getByLabel("Search the catalogue").fill(query);
    await page.locator("main").getByRole("button", { name: "Search" }).click();
    // The router keeps the pages it left in the document, hidden: only the shown one counts.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for "${query}"`);
    const shown = page.locator("main article h3").filter({ visible: true });
    if (first === null) {
      await expect(shown).toHaveCount(0);
      await expect(page.getByText("no posts", { exact: true }).filter({ visible: true })).toHaveCount(1);
    } else {
      await expect(shown.first()).toHaveText(first);
    }
    const segments = new URL(page.url()).pathname.split("/").slice(2);
    expect(segments.length, page.url()).toBeGreaterThan(1);
    for (const segment of segments) expect(segment.length, page.url()).toBeLessThanOrEqual(120);
  }
  expectNoFailedCacheWrite();
});

test("a hand-made path too long to cache is sent to its query's page", async ({ request }) => {
  const response = await request.get(`${config.url}/search/${encodeURIComponent(QUERIES[0].query)}`, { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  const location = new URL(response.headers().location, config.url);
  expect(location.pathname.split("/").length).toBeGreaterThan(3);
  const followed = await request.get(location.href);
  expect(followed.status()).toBe(200);
  expect(await followed.text()).toContain("no posts");
  expectNoFailedCacheWrite();
});
