import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./helpers/axe";
import { importIntoSuiteStore } from "./helpers/import-products";
import { ownContexts } from "./helpers/own-contexts";
import { tabTo } from "./helpers/keyboard";
import { shownWhileOnItsWay } from "./helpers/listing-pending";
import { pageReady } from "./helpers/page-ready";
import { setStockInSuiteStore } from "./helpers/stock";

/**
 * Issue 41, items 3 and 9, as its "done when" says: a shopper on a 390 px
 * phone finds a Sport product under 20 dollars that is in stock, sorted by
 * price, on page 2, from the category's one labelled GET form, with
 * JavaScript and without; the address holds the filters, the title names
 * them with the count, the canonical address is the plain listing. A sell-out
 * made elsewhere (another process's stock write) takes its product out of
 * the "in stock only" pages; a filter that matches nothing says "no posts"
 * with a way to clear it; one the address gets wrong is said in words.
 *
 * The catalogue: the demo's Sport products (two of them from $5 to $19.99),
 * those other specs add, and 16 imported here at $5, $6 … $20 (`npm run
 * seed -- FILE`, as an operator imports), two of them sold out. It writes
 * the catalogue.
 */

const newContext = ownContexts(test);
// Fixed ids: a retry imports the same products again (an import is an upsert), not 16 more.
const trail = (dollars: number) => ({
  id: `filters-trail-${dollars}`,
  name: `Trail Band ${dollars}`,
  price: dollars,
  details: "A resistance band for the trail.",
  type: "Sport",
  image: "/products/ace-carbon-tennis-racket.webp",
});
const TRAIL = Array.from({ length: 16 }, (_, i) => trail(5 + i));
const SOLD_OUT = [trail(6), trail(9)];
/** Ours that the view shows: in stock, from $5 to $19.99 (the others there are the demo's and other specs'). */
const OURS_SHOWN = TRAIL.filter((p) => p.price <= 19.99 && !SOLD_OUT.some((out) => out.id === p.id)).map((p) => p.name);

const shownNames = (page: Page) => page.locator("main article h3");
/** Each card's product id (its details link): names need not be unique in a catalogue other specs write to. */
const shownIds = (page: Page) =>
  page
    .locator("main article")
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a[href^="/details-page/"]')?.getAttribute("href")));
const shownPrices = async (page: Page) =>
  (await page.locator("main article data").evaluateAll((els) => els.map((el) => el.getAttribute("value")))).map(Number);

test.beforeAll(async () => {
  await importIntoSuiteStore(TRAIL);
  for (const product of SOLD_OUT) await setStockInSuiteStore(product.id, 0);
});

/** Reloads until the import has reached this shop (it hears of it through the catalogue's feed): the trail's cheapest band is listed. */
async function untilImported(page: Page) {
  await expect(async () => {
    await page.goto("/sport?sort=price-asc&max=5");
    await expect(shownNames(page)).toContainText([trail(5).name]);
  }).toPass({ timeout: 20_000 });
}

for (const javaScriptEnabled of [true, false]) {
  test(`on a phone ${javaScriptEnabled ? "with" : "without"} JavaScript, a shopper finds a Sport product under $20 in stock, by price, on page 2`, async ({
    browser,
    baseURL,
  }) => {
    const page = await (await newContext(browser, { baseURL, javaScriptEnabled, viewport: { width: 390, height: 844 } })).newPage();
    await untilImported(page);
    await page.goto("/sport");

    const form = page.getByRole("form", { name: "Sort and filter" });
    await form.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
    await form.getByLabel("From").fill("5");
    await form.getByLabel("to", { exact: true }).fill("19.99");
    await form.getByLabel("In stock only").check();
    await form.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/\/sport\?sort=price-asc&min=5&max=19\.99&stock=in$/);
    const countLine = page.getByText(/^\d+ products, page 1 of 2/);
    await expect(countLine).toBeVisible();
    const total = Number((await countLine.textContent())!.split(" ")[0]);
    expect(total).toBeGreaterThan(12);
    expect(total).toBeLessThanOrEqual(24);
    await expect(shownNames(page)).toHaveCount(12);
    const firstNames = await shownNames(page).allTextContents();
    const firstIds = await shownIds(page);
    const firstPrices = await shownPrices(page);
    await expect(page).toHaveTitle(
      new RegExp(`^Sport, \\$5 to \\$19\\.99, in stock, price: low to high: ${total} products \\| Storefront`),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/sport`);
    // The form loaded a new document: its links are clicked once that document is hydrated.
    if (javaScriptEnabled) await pageReady(page);

    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/sport\?sort=price-asc&min=5&max=19\.99&stock=in&page=2$/);
    await expect(shownNames(page)).toHaveCount(total - 12);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const names = [...firstNames, ...(await shownNames(page).allTextContents())];
    const ids = [...firstIds, ...(await shownIds(page))];
    const prices = [...firstPrices, ...(await shownPrices(page))];
    // Every product the filter lets through, once, by price, within the range; ours in stock all there, the sold-out none.
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(new Set(ids).size).toBe(total);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((price) => price >= 5 && price <= 19.99)).toBe(true);
    expect(names.filter((name) => name.startsWith("Trail Band "))).toEqual(OURS_SHOWN);
    expect(await shownNames(page).allTextContents()).toContain(trail(19).name);
    // The form says the view it shows.
    await expect(form.getByLabel("Sort by")).toHaveValue("price-asc");
    await expect(form.getByLabel("From")).toHaveValue("5");
    await expect(form.getByLabel("to", { exact: true })).toHaveValue("19.99");
    await expect(form.getByLabel("In stock only")).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/sport\?sort=price-asc$/);
    await expect(form.getByLabel("From")).toHaveValue("");
  });
}

test("by keyboard alone on a phone, the sort and the filters are chosen and applied, and page 2 is reached", async ({
  browser,
  baseURL,
}) => {
  const page = await (await newContext(browser, { baseURL, viewport: { width: 390, height: 844 } })).newPage();
  await untilImported(page);
  await page.goto("/sport");
  await pageReady(page);
  const form = page.getByRole("form", { name: "Sort and filter" });
  const sort = form.getByLabel("Sort by");
  await tabTo(page, sort);
  // A closed select takes its choice from the keys, as a keyboard user makes it: Newest, then Price: low to high.
  await page.keyboard.press("ArrowDown");
  await expect(sort).toHaveValue("price-asc");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("From")).toBeFocused();
  await page.keyboard.type("5");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("to", { exact: true })).toBeFocused();
  await page.keyboard.type("19.99");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("In stock only")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Apply" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sport\?sort=price-asc&min=5&max=19\.99&stock=in$/);
  await expect(page.getByText(/^\d+ products, page 1 of 2/)).toBeVisible();
  await pageReady(page);

  const page2 = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" });
  await tabTo(page, page2);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sport\?sort=price-asc&min=5&max=19\.99&stock=in&page=2$/);
  await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const prices = await shownPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices.every((price) => price >= 5 && price <= 19.99)).toBe(true);
});

test("from the moment the form is sent or a page link followed until the next view arrives, the listing is busy and says Loading from firebase in a status", async ({
  page,
}) => {
  await untilImported(page);
  await page.goto("/sport");
  await pageReady(page);
  const pending = page.getByTestId("listing-pending");
  await expect(pending).toBeEmpty();
  await expect(pending).toHaveAttribute("role", "status");
  const busy = { text: "Loading from firebase", role: "status", busy: "true" };

  const sorted = await shownWhileOnItsWay(
    page,
    async () => {
      await page.getByLabel("Sort by").selectOption("price-asc");
      await page.getByRole("button", { name: "Apply" }).click();
      // The form sends its empty amounts too; the view reads them as no bound.
    },
    /\/sport\?sort=price-asc&min=&max=$/,
  );
  expect(sorted, "the form sent").toEqual(busy);

  const paged = await shownWhileOnItsWay(
    page,
    () => page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click(),
    /\/sport\?sort=price-asc&page=2$/,
  );
  expect(paged, "a page link followed").toEqual(busy);

  // A link to a part of this page only scrolls: no document loads, so the listing is not busy.
  // (The listing holds none today; one is put in as a later one would be.)
  await pending.evaluate((line) => {
    const link = document.createElement("a");
    link.href = "#listing-pending";
    link.textContent = "Skip to the results";
    line.before(link);
  });
  await page.getByRole("link", { name: "Skip to the results" }).click();
  await expect(page).toHaveURL(/\/sport\?sort=price-asc&page=2#listing-pending$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(pending).toBeEmpty();
});

test("a view first asked after products were added counts them: its count and its page links are the store's, not the build's", async ({
  page,
}) => {
  // The plain listing was prerendered at build; once it lists the import, the shop has heard of it.
  await expect(async () => {
    await page.goto("/sport");
    await expect(page.locator("main article").locator('a[href^="/details-page/filters-trail-"]').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const plain = await page.getByText(/^[\d,]+ products, page 1 of \d+/).textContent();
  const [, total, pages] = plain!.match(/^([\d,]+) products, page 1 of (\d+)/)!;
  // A view no spec asks for before this one: its first render on this instance.
  await page.goto("/sport?sort=name-asc&page=2");
  await expect(page.getByText(`${total} products, page 2 of ${pages}`)).toBeVisible();
  expect(Number(pages), "the import makes a page 3").toBeGreaterThan(2);
  await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" })).toBeVisible();
});

test("a sell-out made elsewhere leaves the in-stock pages; a restock brings it back; the unfiltered listing keeps it", async ({ page }) => {
  const product = trail(19);
  const view = "/sport?sort=price-asc&min=19&max=19.99&stock=in";
  await page.goto(view);
  await expect(shownNames(page)).toContainText([product.name]);
  await setStockInSuiteStore(product.id, 0);
  await expect(async () => {
    await page.reload();
    await expect(shownNames(page)).not.toContainText([product.name]);
  }).toPass({ timeout: 20_000 });
  await page.goto("/sport?sort=price-asc&min=19&max=19.99");
  await expect(shownNames(page)).toContainText([product.name]);
  await setStockInSuiteStore(product.id, 3, 0);
  await expect(async () => {
    await page.goto(view);
    await expect(shownNames(page)).toContainText([product.name]);
  }).toPass({ timeout: 20_000 });
});

test("a filter that matches nothing says no posts with a way out; one the address gets wrong is said in words, with nothing listed", async ({
  page,
  request,
}) => {
  await page.goto("/sport?min=900000");
  await expect(page.getByText("no posts")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/sport$/);
  await expect(shownNames(page).first()).toBeVisible();

  for (const [query, words] of [
    ["min=30&max=20", "The lowest price must not be above the highest."],
    ["min=abc", "The lowest price must be an amount of dollars"],
    ["max=0", "The highest price must be an amount of dollars"],
  ]) {
    const response = await page.goto(`/sport?${query}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("main").getByRole("alert")).toContainText(words);
    await expect(shownNames(page)).toHaveCount(0);
    // Left once hydrated: the router's history.replaceState as it hydrates aborts a navigation begun meanwhile (net::ERR_ABORTED under CI's load).
    await pageReady(page);
  }
  for (const path of ["/sport/sorted/newest/1/x", "/sport/sorted/newest/1/500-100-all", "/sport/sorted/newest/1/--in/x"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
