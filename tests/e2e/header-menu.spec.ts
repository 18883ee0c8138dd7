import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeViolations } from "./helpers/axe";
import { tabTo } from "./helpers/keyboard";
import { pageReady } from "./helpers/page-ready";

// Issue 38, item 4: the header on a phone; issue 41, item 1: the four
// category pages, a row under the bar at every width. "Return & Order" and "Fit Prime"
// (the spec's labels) are reachable at every width: beside the account on a
// wide screen, in the header's menu (a native disclosure) on a narrow one,
// by keyboard and without JavaScript. No two header controls touch, and each
// is at least 24 px square (WCAG 2.5.8). The pages made without React carry
// the same header and footer links.

const NARROW = [320, 390, 760];
const WIDE = [761, 1280];

async function settled(page: Page) {
  await pageReady(page);
  await expect(page.getByTestId("account-loading")).toHaveCount(0);
}

const ordersLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Return & Order" });
/** "Fit Prime" where it shows (the header holds it twice, one of them hidden at every width). */
const fitPrime = (page: Page) => page.getByRole("banner").getByText("Fit Prime").filter({ visible: true });
const menuButton = (page: Page) => page.getByRole("banner").locator("summary", { hasText: "Menu" });
/** The category pages (lib/catalog/categories.ts), in the header's order. */
const CATEGORY_NAMES = ["Electronics", "Accessories", "Books", "Sport"];
/** The category pages' row under the header's bar. */
const categoryRow = (page: Page) => page.getByRole("navigation", { name: "Categories" }).getByRole("link");

/**
 * The header's shown controls (the search form as one: its box and button
 * are one control), each with its box, and what is wrong: smaller than 24
 * px either way, or touching or overlapping another control.
 */
function headerTargetProblems(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header")!;
    // An open menu's panel lies over what is below it (the search form, on a phone), as any menu does: what it lies over
    // is not beside its entries but under them, so it is left out while the menu is open.
    const panel = header.querySelector("details[open] > :not(summary)")?.getBoundingClientRect();
    const covered = (el: HTMLElement) => {
      if (!panel || el.closest("details[open]")) return false;
      const box = el.getBoundingClientRect();
      return box.left < panel.right && panel.left < box.right && box.top < panel.bottom && panel.top < box.bottom;
    };
    const controls = [...header.querySelectorAll<HTMLElement>("a[href], summary, form[role=search], :not(form) > button")].filter(
      (el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest("details:not([open]) > :not(summary)") && !covered(el),
    );
    const name = (el: HTMLElement) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
    const problems: string[] = [];
    const boxes = controls.map((el) => ({ name: name(el), box: el.getBoundingClientRect() }));
    for (const { name: n, box } of boxes) {
      if (box.width < 24 || box.height < 24) problems.push(`"${n}" is ${Math.round(box.width)}x${Math.round(box.height)} px`);
    }
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const apart = a.box.right < b.box.left || b.box.right < a.box.left || a.box.bottom < b.box.top || b.box.bottom < a.box.top;
        if (!apart) problems.push(`"${a.name}" touches "${b.name}"`);
      }),
    );
    return problems;
  });
}

for (const width of NARROW) {
  test(`at ${width} px the menu holds "Return & Order" and "Fit Prime", by keyboard; the header's targets are apart and 24 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/electronics");
    await settled(page);
    await expect(ordersLink(page)).toBeHidden();
    // The category pages' row wraps on a phone: every one of them shows, apart and 24 px like the rest.
    await expect(categoryRow(page)).toHaveText(CATEGORY_NAMES);
    for (const link of await categoryRow(page).all()) await expect(link).toBeVisible();
    expect(await headerTargetProblems(page)).toEqual([]);

    await tabTo(page, menuButton(page));
    await page.keyboard.press("Enter");
    await expect(ordersLink(page)).toBeVisible();
    await expect(fitPrime(page)).toBeVisible();
    const panel = await page.getByTestId("header-menu").locator("summary + *").boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
    expect(await headerTargetProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press("Tab");
    await expect(ordersLink(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/orders-page$/);
    // Followed, the menu closes: it never stays open over the next page.
    await expect(ordersLink(page)).toBeHidden();
  });
}

for (const width of WIDE) {
  test(`at ${width} px "Return & Order" and "Fit Prime" stand in the header; its targets are apart and 24 px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/electronics");
    await settled(page);
    await expect(menuButton(page)).toBeHidden();
    await expect(fitPrime(page)).toBeVisible();
    await tabTo(page, ordersLink(page));
    expect(await headerTargetProblems(page)).toEqual([]);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/orders-page$/);
    // The category pages stand in a row under the bar; the current one is marked.
    await expect(categoryRow(page)).toHaveText(CATEGORY_NAMES);
    await tabTo(page, categoryRow(page).filter({ hasText: "Sport" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sport$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sport");
    await expect(categoryRow(page).filter({ hasText: "Sport" })).toHaveAttribute("aria-current", "page");
  });
}

async function withoutJavascript(browser: Browser, width: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  return { page: await context.newPage(), close: () => context.close() };
}

test("without JavaScript at 320 px the menu opens and its link is followed", async ({ browser }) => {
  const { page, close } = await withoutJavascript(browser, 320);
  await page.goto("/electronics");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(await headerTargetProblems(page)).toEqual([]);
  await tabTo(page, menuButton(page));
  await page.keyboard.press("Enter");
  await expect(fitPrime(page)).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(ordersLink(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/orders-page$/);
  await close();
});

/** The hrefs of the links in `scope`, in order. */
const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute("href")));

test("a page made without React carries the header's menu and the footer's links, the same as the shop's pages", async ({ browser }) => {
  const { page, close } = await withoutJavascript(browser, 390);
  await page.goto("/electronics");
  const menu = await hrefs(page, "[data-testid=header-menu] a[href]");
  const footer = await hrefs(page, "footer nav a[href]");
  const categories = await hrefs(page, "nav[aria-label=Categories] a[href]");
  expect(categories).toEqual(["/electronics", "/accessories", "/books", "/sport"]);
  expect(menu).toContain("/orders-page");
  // The footer links every category page too (issue 41, item 1), after "All products".
  expect(footer.slice(footer.indexOf("/"), footer.indexOf("/") + 5)).toEqual(["/", ...categories]);

  await page.goto("/cart-page/without-javascript");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Return & Order" })).toHaveAttribute("href", "/orders-page");
  await expect(banner.getByText("Fit Prime")).toBeVisible();
  expect(await hrefs(page, "[data-testid=header-menu] a[href]")).toEqual(menu);
  expect(await hrefs(page, "nav[aria-label=Categories] a[href]")).toEqual(categories);
  expect(await hrefs(page, "footer nav a[href]")).toEqual(footer);
  expect(await headerTargetProblems(page)).toEqual([]);
  await close();
});

test("a page made without React passes axe at 320 and 1280 px", async ({ page }) => {
  // axe runs as a script: the page, which has none of its own, is the same with JavaScript on.
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/cart-page/without-javascript");
    expect(await page.locator("script").count()).toBe(0);
    expect(await headerTargetProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  }
});
