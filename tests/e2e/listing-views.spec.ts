import { expect, test, type Page } from "@playwright/test";
import { categoryOf } from "../../lib/catalog/categories";
import { CATALOG_ORDER } from "../../lib/data/rules/catalog-order";
import type { CatalogSort, Product, ProductType } from "../../lib/data/contract/catalog";
import { ownContexts } from "./helpers/own-contexts";
import { pageReady } from "./helpers/page-ready";
import { demoProducts } from "./support";

/**
 * Issue 41, items 2 and 4: a category sorted by price (either way) or by
 * name, from its page's GET form, and paged through by plain links, with
 * JavaScript and without; the address says the sort and the page
 * (/accessories?sort=price-desc&page=2), so any view can be shared; each
 * plain page is its own canonical address, a sorted view's is the plain
 * listing; a page past the last is the 404 page. The catalogue is the
 * demo's (a reads spec): 10 accessories, 8 to a page.
 */

const newContext = ownContexts(test);

/** The names page `page` of a category shows in `sort`: the demo's products of that type in the rules' order, a page's count. */
function expectedNames(type: ProductType, sort: CatalogSort, page = 1): string[] {
  const products: Product[] = demoProducts
    .filter((p) => p.type === type)
    .map((p) => ({
      id: p.id,
      name: p.name,
      priceCents: Math.round(p.price * 100),
      type,
      images: [{ src: p.image, alt: p.name }],
      details: "",
      createdAt: 0,
    }));
  return products
    .sort(CATALOG_ORDER[sort])
    .slice((page - 1) * categoryOf(type).pageSize, page * categoryOf(type).pageSize)
    .map((p) => p.name);
}

const shownNames = (page: Page) => page.locator("main article h3");

/** Sorts from the category's form, its amounts left empty: the address it sends says so (`&min=&max=`, no filter). */
async function sortBy(page: Page, label: string) {
  await page.getByLabel("Sort by").selectOption({ label });
  await page.getByRole("button", { name: "Apply", exact: true }).click();
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
    await expect(page).toHaveURL(/\/books\?sort=price-asc&min=&max=$/);
    await expect(shownNames(page)).toHaveText(expectedNames("Book", "price-asc"));
    await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
    await expect(page).toHaveTitle(/^Books, price: low to high \| Storefront/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/books`);

    await sortBy(page, "Price: high to low");
    await expect(page).toHaveURL(/\/books\?sort=price-desc&min=&max=$/);
    await expect(shownNames(page)).toHaveText(expectedNames("Book", "price-desc"));

    await sortBy(page, "Name: A to Z");
    await expect(page).toHaveURL(/\/books\?sort=name-asc&min=&max=$/);
    await expect(shownNames(page)).toHaveText(expectedNames("Book", "name-asc"));
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a shopper pages through Accessories, plain and sorted, ${javaScriptEnabled ? "with" : "without"} JavaScript: each page its address, count and canonical`, async ({
    browser,
    baseURL,
  }) => {
    const page = await (await newContext(browser, { baseURL, javaScriptEnabled })).newPage();
    const pages = page.getByRole("navigation", { name: "Pages" });
    await page.goto("/accessories");
    await expect(page.getByText("10 products, page 1 of 2")).toBeVisible();
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    const firstPage = await shownNames(page).allTextContents();
    expect(firstPage).toHaveLength(8);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/accessories\?page=2$/);
    await expect(page.getByText("10 products, page 2 of 2")).toBeVisible();
    const secondPage = await shownNames(page).allTextContents();
    expect([...firstPage, ...secondPage].sort()).toEqual(
      expectedNames("Accessories", "name-asc", 1)
        .concat(expectedNames("Accessories", "name-asc", 2))
        .sort(),
    );
    await expect(page).toHaveTitle(/^Accessories, page 2 \| Storefront/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/accessories?page=2`);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/accessories$/);
    await expect(shownNames(page)).toHaveText(firstPage);

    await sortBy(page, "Price: high to low");
    await expect(page).toHaveURL(/\/accessories\?sort=price-desc&min=&max=$/);
    // The form loads a new document: the link below must be that document's, shown whole (and, with
    // JavaScript, hydrated: the header's cart says so), not the one the address has just left.
    await expect(shownNames(page)).toHaveText(expectedNames("Accessories", "price-desc", 1));
    if (javaScriptEnabled) await pageReady(page);
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/accessories\?sort=price-desc&page=2$/);
    await expect(shownNames(page)).toHaveText(expectedNames("Accessories", "price-desc", 2));
    await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
    await expect(page).toHaveTitle(/^Accessories, price: high to low, page 2 \| Storefront/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/accessories`);
  });
}

test("a shared sorted address opens sorted; an unknown order is the plain listing; a page past the last or no page at all is the 404 page", async ({
  page,
  request,
}) => {
  await page.goto("/sport?sort=price-desc");
  await expect(shownNames(page)).toHaveText(expectedNames("Sport", "price-desc"));
  await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");

  const unknown = await page.goto("/sport?sort=cheapest");
  expect(unknown?.status()).toBe(200);
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/sport$/);
  // The demo's 12 books fill one page: no page links (a Firestore reads spec adds a Sport product).
  expect((await page.goto("/books?page=1"))?.status()).toBe(200);
  await expect(page.getByText("12 products")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

  const pastTheEnd = await page.goto("/accessories?page=3");
  expect(pastTheEnd?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const path of [
    "/accessories?page=0",
    "/accessories?page=02",
    "/accessories?page=two",
    "/books?page=2",
    "/books?sort=name-asc&page=2",
    "/accessories/sorted/newest/3",
    "/sport/sorted/cheapest/1",
    "/sport/sorted/price-asc",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  for (const path of ["/accessories?page=2", "/accessories/sorted/newest/2", "/sport/sorted/price-asc/1"]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});
