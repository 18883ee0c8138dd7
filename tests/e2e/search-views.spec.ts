import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./helpers/axe";
import { importIntoSuiteStore } from "./helpers/import-products";
import { ownContexts } from "./helpers/own-contexts";
import { shownWhileOnItsWay } from "./helpers/listing-pending";
import { pageReady } from "./helpers/page-ready";
import { setStockInSuiteStore } from "./helpers/stock";

/**
 * Issue 41, item 5: a search sorts, filters and pages as a category does,
 * at /search addresses (lib/catalog/search-view.ts). A shopper on a 390 px
 * phone searches a word 40 products hold, sorts by price, keeps those under
 * $30 in stock and goes to page 2, with JavaScript and without; the address
 * holds the view, the title names it with its count. A sell-out made
 * elsewhere leaves the in-stock view; a filter that matches nothing says
 * "no posts" with a way out; a filter the address gets wrong is said in
 * words; a page past any search's list is the 404 page.
 *
 * The catalogue: 40 products imported here (`npm run seed -- FILE`), named
 * "Quartzite Atlas N" at $N, a word no other product holds; two sold out.
 * They are Books: the Sport listing listing-filters.spec.ts counts never holds them,
 * whichever spec runs first. It writes the catalogue.
 */

const newContext = ownContexts(test);
// Fixed ids: a retry imports the same products again (an import is an upsert).
const atlas = (dollars: number) => ({
  id: `search-atlas-${dollars}`,
  name: `Quartzite Atlas ${dollars}`,
  price: dollars,
  details: "A field guide to stone, with colour plates.",
  type: "Book",
  image: "/products/clean-interfaces-guide.webp",
});
const ATLASES = Array.from({ length: 40 }, (_, i) => atlas(i + 1));
const SOLD_OUT = [atlas(3), atlas(7)];
/** The view "price low to high, up to $29.99, in stock": $1 … $29 but the sold-out, 27 products, 24 then 3. */
const IN_VIEW = ATLASES.filter((p) => p.price <= 29.99 && !SOLD_OUT.some((out) => out.id === p.id));

const shownNames = (page: Page) => page.locator("main article h3");

/** Reloads until the import has reached this shop (it hears of it through the catalogue's feed): a search lists every atlas. */
async function untilImported(page: Page) {
  await expect(async () => {
    await page.goto("/search?q=quartzite");
    await expect(page.getByText("40 products, page 1 of 2")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.beforeAll(async () => {
  await importIntoSuiteStore(ATLASES);
  for (const product of SOLD_OUT) await setStockInSuiteStore(product.id, 0);
});

for (const javaScriptEnabled of [true, false]) {
  test(`on a phone ${javaScriptEnabled ? "with" : "without"} JavaScript, a search sorted by price, under $30 in stock, has a page 2`, async ({
    browser,
    baseURL,
  }) => {
    const page = await (await newContext(browser, { baseURL, javaScriptEnabled, viewport: { width: 390, height: 844 } })).newPage();
    await untilImported(page);
    await expect(shownNames(page)).toHaveCount(24);

    const form = page.getByRole("form", { name: "Sort and filter" });
    await expect(form.getByLabel("Sort by")).toHaveValue("relevance");
    await form.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await form.getByLabel("to", { exact: true }).fill("29.99");
    await form.getByLabel("In stock only").check();
    await form.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/\/search\?q=quartzite&sort=price-asc&min=&max=29\.99&stock=in$/);
    await expect(page.getByText(`${IN_VIEW.length} products, page 1 of 2`)).toBeVisible();
    await expect(shownNames(page)).toHaveText(IN_VIEW.slice(0, 24).map((p) => p.name));
    await expect(page).toHaveTitle(
      `Search results for "quartzite", up to $29.99, in stock, price: low to high: ${IN_VIEW.length} products | Storefront`,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    // The form loaded a new document: its link is clicked once that document is hydrated.
    if (javaScriptEnabled) await pageReady(page);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/search\?q=quartzite&sort=price-asc&max=29\.99&stock=in&page=2$/);
    await expect(shownNames(page)).toHaveText(IN_VIEW.slice(24).map((p) => p.name));
    await expect(form.getByLabel("Sort by")).toHaveValue("price-asc");
    await expect(form.getByLabel("to", { exact: true })).toHaveValue("29.99");
    await expect(form.getByLabel("In stock only")).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    // Another order keeps the filter; clearing it keeps the order and the query.
    await form.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(shownNames(page).first()).toHaveText(atlas(29).name);
    if (javaScriptEnabled) await pageReady(page);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/search\?q=quartzite&sort=price-desc$/);
    await expect(shownNames(page).first()).toHaveText(atlas(40).name);
  });
}

test("from the moment the sort form is sent or a page link followed until the next view arrives, the results are busy and say Loading results in a status", async ({
  page,
}) => {
  await untilImported(page);
  await pageReady(page);
  const pending = page.getByTestId("listing-pending");
  await expect(pending).toBeEmpty();
  await expect(pending).toHaveAttribute("role", "status");
  const busy = { text: "Loading results", role: "status", busy: "true" };

  const form = page.getByRole("form", { name: "Sort and filter" });
  const sorted = await shownWhileOnItsWay(
    page,
    async () => {
      await form.getByLabel("Sort by").selectOption({ label: "Name: A to Z" });
      await form.getByRole("button", { name: "Apply" }).click();
    },
    /\/search\?q=quartzite&sort=name-asc&min=&max=$/,
  );
  expect(sorted, "the form sent").toEqual(busy);

  const paged = await shownWhileOnItsWay(
    page,
    () => page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click(),
    /\/search\?q=quartzite&sort=name-asc&page=2$/,
  );
  expect(paged, "a page link followed").toEqual(busy);
});

test("a query that finds nothing, first asked after a catalogue change, marks its page with the catalogue's version now (its tab has nothing to catch up)", async ({
  page,
}) => {
  const markOf = async (path: string) => {
    await page.goto(path);
    return page.locator("[data-catalog-version]").first().getAttribute("data-catalog-version");
  };
  // Once the import is listed, the version this instance shows is the import's or later.
  await untilImported(page);
  const now = await markOf("/search?q=quartzite");
  // A query no spec asks: its page's first render (the route's fallback shell holds no mark from the build).
  expect(await markOf(`/search?q=zzquartzless${Date.now()}`)).toBe(now);
});

test("a sell-out made elsewhere leaves a search's in-stock view; a restock brings it back", async ({ page }) => {
  const product = atlas(12);
  const view = "/search?q=quartzite&min=12&max=12&stock=in";
  await expect(async () => {
    await page.goto(view);
    await expect(shownNames(page)).toHaveText([product.name], { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await setStockInSuiteStore(product.id, 0);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("no posts")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto("/search?q=quartzite&min=12&max=12");
  await expect(shownNames(page)).toHaveText([product.name]);
  await setStockInSuiteStore(product.id, 3, 0);
  await expect(async () => {
    await page.goto(view);
    await expect(shownNames(page)).toHaveText([product.name], { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test("a search's view that matches nothing says no posts with a way out; a filter the address gets wrong is said in words; a page past any list is 404", async ({
  page,
  request,
}) => {
  await page.goto("/search?q=quartzite&min=900000");
  await expect(page.getByText("no posts")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/search\?q=quartzite$/);
  await expect(shownNames(page)).toHaveCount(24);

  for (const [query, words] of [
    ["min=30&max=20", "The lowest price must not be above the highest."],
    ["stock=yes", 'Stock can only be "in"'],
  ]) {
    const response = await page.goto(`/search?q=quartzite&${query}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("main").getByRole("alert")).toContainText(words);
    await expect(shownNames(page)).toHaveCount(0);
  }
  for (const path of ["/search?q=quartzite&page=10", "/search?q=quartzite&page=0", "/search-view/newest/1/x/quartzite"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  expect((await request.get("/search?q=quartzite&page=3")).status(), "a page within the most a search lists: no posts, 200").toBe(200);
});
