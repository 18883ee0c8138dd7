import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./helpers/axe";
import { escapeRegExp } from "./helpers/escape-regexp";
import { tabTo } from "./helpers/keyboard";
import { demoProducts } from "./support";
import { pageReady } from "./helpers/page-ready";

// Issue 38, item 1: after a client-side navigation, focus starts at the top
// of the new page as after a full load (the first Tab reaches the skip link,
// and a control is as many Tab stops away as after a full load), and the new
// page's title is announced. Keyboard only, at a phone's and a desktop's width.

const WIDTHS = [320, 390, 1280];
const product = demoProducts.find((p) => /wireless/i.test(p.name))!;

/** Waits until the header's islands have their final content (the cart's count and the account), so the Tab stops are final. */
async function settled(page: Page) {
  await pageReady(page);
  await expect(page.getByTestId("account-loading")).toHaveCount(0);
}

/** How many presses of Tab reach `target` from where focus is now (the first press counts 1). */
async function tabStopsTo(page: Page, target: Locator): Promise<number> {
  for (let presses = 1; presses <= 80; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`80 presses of Tab never reached ${target}`);
}

const addToCart = (page: Page) =>
  page
    .locator("main")
    .getByRole("button", { name: /^Add to Cart/ })
    .first();

/** What Next's route announcer (a live region in a shadow root) says now. */
const announced = (page: Page) => page.locator("#__next-route-announcer__");

/**
 * The new page's name is announced: its title, or, when the title streams in after the page is shown
 * (Next streams metadata), its main heading, which Next's announcer reads when the document has no
 * title yet. Either way it must say `name`.
 */
async function expectAnnounced(page: Page, name: RegExp) {
  const heading = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await expect(announced(page)).toHaveText(new RegExp(`^(${escapeRegExp(await page.title())}|${escapeRegExp(heading)})$`));
  await expect(announced(page)).toHaveText(name);
}

for (const width of WIDTHS) {
  test(`a product opened from search by keyboard starts at the top, as after a full load, and its title is announced, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/details-page/${product.id}`);
    await settled(page);
    const afterFullLoad = await tabStopsTo(page, addToCart(page));

    await page.goto("/search?q=wireless");
    await settled(page);
    const link = page.locator("main").getByRole("link", { name: new RegExp(product.name) });
    await tabTo(page, link);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/details-page/${product.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await settled(page);
    await expectAnnounced(page, new RegExp(escapeRegExp(product.name)));
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(product.name)));

    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    expect(await tabStopsTo(page, addToCart(page))).toBe(afterFullLoad);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("cart to checkout by keyboard: the checkout starts at the top and its title is announced, at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/details-page/${product.id}`);
  await settled(page);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await addToCart(page).click();
  await answered;

  await page.goto("/cart-page");
  await settled(page);
  const checkout = page.locator("main").getByRole("link", { name: "Checkout" });
  await tabTo(page, checkout);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout-page$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expectAnnounced(page, /^Checkout/);
  await expect(page).toHaveTitle(/^Checkout/);

  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
});
