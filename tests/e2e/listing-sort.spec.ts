import { expect, test, type Page } from "@playwright/test";
import { categoryOf } from "../../lib/catalog/categories";
import { CATALOG_ORDER } from "../../lib/data/rules/catalog-order";
import type { CatalogSort, Product, ProductType } from "../../lib/data/contract/catalog";
import { ownContexts } from "./helpers/own-contexts";
import { demoProducts } from "./support";

/**
 * Issue 41, item 2: a category sorted by price (either way) or by name, from
 * its page's GET form, with JavaScript and without; the address says the
 * sort (/books?sort=price-asc), so it can be shared, and names the plain
 * listing as canonical. The catalogue is the demo's (a reads spec).
 */

const newContext = ownContexts(test);

/** The names a category's page shows in `sort`: the demo's products of that type in the rules' order, its page's count. */
function expectedNames(type: ProductType, sort: CatalogSort): string[] {
  const products: Product[] = demoProducts
    .filter((p) => p.type === type)
    .map((p) => ({ id: p.id, name: p.name, priceCents: Math.round(p.price * 100), type, image: p.image, details: "", createdAt: 0 }));
  return products
    .sort(CATALOG_ORDER[sort])
    .slice(0, categoryOf(type).limit)
    .map((p) => p.name);
}

const shownNames = (page: Page) => page.locator("main article h3");

async function sortBy(page: Page, label: string) {
  await page.getByLabel("Sort by").selectOption({ label });
  await page.getByRole("button", { name: "Sort", exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test(`a shopper sorts Books by price both ways and by name ${javaScriptEnabled ? "with" : "without"} JavaScript; the address says so`, async ({
    browser,
    baseURL,
  }) => {
    const page = await (await newContext(browser, { baseURL, javaScriptEnabled })).newPage();
    await page.goto("/books");
    await expect(page.getByLabel("Sort by")).toHaveValue("newest");

    await sortBy(page, "Price: low to high");
    await expect(page).toHaveURL(/\/books\?sort=price-asc$/);
    await expect(shownNames(page)).toHaveText(expectedNames("Book", "price-asc"));
    await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
    await expect(page).toHaveTitle(/^Books, price: low to high \| Storefront/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/books`);

    await sortBy(page, "Price: high to low");
    await expect(page).toHaveURL(/\/books\?sort=price-desc$/);
    await expect(shownNames(page)).toHaveText(expectedNames("Book", "price-desc"));

    await sortBy(page, "Name: A to Z");
    await expect(page).toHaveURL(/\/books\?sort=name-asc$/);
    await expect(shownNames(page)).toHaveText(expectedNames("Book", "name-asc"));
  });
}

test("a shared sorted address opens sorted; an order the shop does not know is the plain listing by its address, a 404 by the page's own path", async ({
  page,
}) => {
  await page.goto("/sport?sort=price-desc");
  await expect(shownNames(page)).toHaveText(expectedNames("Sport", "price-desc"));
  await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");

  const unknown = await page.goto("/sport?sort=cheapest");
  expect(unknown?.status()).toBe(200);
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/sport$/);

  const madeUp = await page.goto("/sport/sorted/cheapest");
  expect(madeUp?.status()).toBe(404);
  expect((await page.goto("/sport/sorted/price-asc"))?.status()).toBe(200);
});
