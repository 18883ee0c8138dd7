import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./helpers/axe";
import { demoProducts } from "./support";
import { pageReady } from "./helpers/page-ready";

const ROUTES = [
  "/",
  "/electronics",
  "/accessories",
  `/details-page/${demoProducts[0].id}`,
  "/search?q=wireless",
  "/search?q=zzzz-nothing",
  "/no-such-page",
  "/sign-page",
  "/cart-page",
  "/admin-signin",
];

test.describe("header", () => {
  test("has the logo link, the spec's labels, Sign In and the cart link", async ({ page }) => {
    await page.goto("/electronics");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Storefront home" })).toHaveAttribute("href", "/");
    await expect(header).toContainText("Return & Order");
    await expect(header).toContainText("Fit Prime");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/sign-page");
    await expect(header.getByRole("link", { name: /cart/i })).toHaveAttribute("href", "/cart-page");
  });

  test("its search box finds products by name", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search products" });
    await box.fill("headphones");
    await box.press("Enter");
    // The query's own page, reached without a reload (/search?q= without JavaScript).
    await expect(page).toHaveURL(/\/search\/headphones$/);
    const expected = demoProducts.filter((p) => /headphones/i.test(p.name)).map((p) => p.name);
    expect(expected.length).toBeGreaterThan(0);
    for (const name of expected) await expect(page.locator("main")).toContainText(name);
  });
});

/** The router's fetches of each path (its prefetches), as they are made; documents are not counted. */
function watchPageFetches(page: Page, paths: string[]) {
  const fetched = new Map(paths.map((path) => [path, 0]));
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (fetched.has(path) && request.resourceType() !== "document") fetched.set(path, fetched.get(path)! + 1);
  });
  return (path: string) => fetched.get(path)!;
}

/** Resolves at the router's first fetch of a path `matches`: a link to it was prefetched. */
function prefetchOf(page: Page, matches: (path: string) => boolean) {
  return page.waitForRequest((request) => matches(new URL(request.url()).pathname) && request.resourceType() === "fetch");
}

/** A product card's link, prefetched on sight: proof that the router's prefetching ran. */
const isProductPage = (path: string) => path.startsWith("/details-page/");

// A link prefetched on sight is fetched within milliseconds of showing; the
// live-updates stream keeps the network busy, so there is no idle moment to
// wait for instead.
const ON_SIGHT_MS = 1500;

test("the header's links prefetch their pages only when a visitor shows intent; a product card's on sight", async ({ page }) => {
  const headerPaths = ["/", "/cart-page", "/sign-page", "/accessories", "/books", "/sport"];
  const fetches = watchPageFetches(page, headerPaths);
  const cardPrefetch = prefetchOf(page, isProductPage);
  await page.goto("/electronics");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await cardPrefetch;
  await page.waitForTimeout(ON_SIGHT_MS);
  for (const path of headerPaths) expect(fetches(path), `${path}, before any intent`).toBe(0);
  await header.getByRole("link", { name: "Sign In" }).hover();
  await expect.poll(() => fetches("/sign-page")).toBeGreaterThan(0);
  await header.getByRole("link", { name: "Books" }).hover();
  await expect.poll(() => fetches("/books")).toBeGreaterThan(0);
  await header.getByRole("link", { name: /^Cart/ }).focus();
  await expect.poll(() => fetches("/cart-page")).toBeGreaterThan(0);
  await header.getByRole("link", { name: "Storefront home" }).focus();
  await expect.poll(() => fetches("/")).toBeGreaterThan(0);
  expect(fetches("/sport"), "a link no one pointed at").toBe(0);
});

test("on a page short enough to show the footer, its links prefetch their pages only on intent", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 2400 });
  const footerPaths = ["/sign-page", "/admin-signin", "/shipping", "/cart-page"];
  const fetches = watchPageFetches(page, footerPaths);
  const cardPrefetch = prefetchOf(page, isProductPage);
  await page.goto("/search?q=wireless");
  const footer = page.getByRole("contentinfo");
  const signIn = footer.getByRole("link", { name: "Sign in or register" });
  const adminSignIn = footer.getByRole("link", { name: "Admin sign-in" });
  await expect(signIn).toBeInViewport();
  await expect(adminSignIn).toBeInViewport();
  await cardPrefetch;
  await page.waitForTimeout(ON_SIGHT_MS);
  for (const path of footerPaths) expect(fetches(path), `${path}, before any intent`).toBe(0);
  await signIn.hover();
  await expect.poll(() => fetches("/sign-page")).toBeGreaterThan(0);
  await adminSignIn.focus();
  await expect.poll(() => fetches("/admin-signin")).toBeGreaterThan(0);
  await footer.getByRole("link", { name: "Shipping", exact: true }).hover();
  await expect.poll(() => fetches("/shipping")).toBeGreaterThan(0);
});

test("the footer has link lists, the language, currency and country buttons, and the copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Electronics" })).toHaveAttribute("href", "/electronics");
  await expect(footer.getByRole("link", { name: "Your cart" })).toHaveAttribute("href", "/cart-page");
  for (const label of ["English", "$ USD", "United States"]) {
    const button = footer.locator("summary", { hasText: label });
    // An inline icon hidden from screen readers, not an emoji that needs a colour emoji font.
    await expect(button.locator('svg[aria-hidden="true"]')).toHaveCount(1);
    await expect(button).toHaveText(label);
    await button.click();
    await expect(button.locator("xpath=..")).toHaveAttribute("open", "");
  }
  await expect(footer).toContainText("All prices are in US dollars.");
  await expect(footer).toContainText(/© \d{4}-\d{4} Storefront/);
});

test("every route change starts at the top of the page", async ({ page }) => {
  await page.goto("/");
  // Once hydrated: the start-at-top effect also runs on the first render.
  await pageReady(page);
  await page.evaluate(() => window.scrollTo(0, 4000));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole("contentinfo").getByRole("link", { name: "Accessories" }).click();
  await expect(page).toHaveURL(/\/accessories$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

for (const route of ROUTES) {
  test(`axe with every rule finds no violation on ${route}, as the page first loads`, async ({ page }) => {
    await page.goto(route);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`no horizontal scrolling at 390 px on ${route}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(route);
    // Measured at the load event (before any script has laid anything out)
    // and again once the page is interactive.
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await pageReady(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
}

test("keyboard users can skip to the content and see where focus is", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});
