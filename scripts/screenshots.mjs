// npm run screenshots: starts the shop like start:local (own port and data
// folder) and saves docs/screenshots/{home,category,details}-{1280,768,390}.png,
// the cart with its quantity steppers (cart-{1280,390}.png) and the admin's
// product list (admin-products-1280.png), with the suite's browser
// (scripts/lib/browser.mjs: Debian's chromium where present).
import { mkdirSync } from "node:fs";
import { launchBrowser } from "./lib/browser.mjs";
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD } from "./lib/local-env.mjs";
import { startLocalShop } from "./lib/local-shop.mjs";

const WIDTHS = [1280, 768, 390];
const PAGES = [
  ["home", "/"],
  ["category", "/electronics"],
  ["details", "/details-page/aurora-anc-headphones"],
];

/**
 * A browser context at `width`; phone widths as a phone shows them (touch,
 * overlay scrollbars), or a desktop scrollbar takes 15 px of the 390 px shot.
 */
function newContext(browser, width) {
  const phone = width < 768;
  return browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce", isMobile: phone, hasTouch: phone });
}

mkdirSync("docs/screenshots", { recursive: true });
const shop = await startLocalShop({ port: 3800, authPort: 9899, distDir: ".next-bench" });
const browser = await launchBrowser();
try {
  for (const width of WIDTHS) {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    for (const [name, path] of PAGES) {
      await page.goto(shop.baseURL + path, { waitUntil: "networkidle" });
      const file = `docs/screenshots/${name}-${width}.png`;
      // The first two screens: what a shopper sees before scrolling, and a bit more.
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width, height: Math.min(1800, await page.evaluate(() => document.body.scrollHeight)) } });
      console.log(`saved ${file}`);
    }
    await context.close();
  }
  await shootCart(browser, shop.baseURL);
  await shootAdminList(browser, shop.baseURL);
} finally {
  await browser.close();
  await shop.stop();
}

/** Waits until the header's cart link says the cart state has the server's cart. */
function cartLoaded(page) {
  return page.locator('header a[href="/cart-page"][data-loaded]').waitFor();
}

/** A cart of three lines, one at quantity 3, at 1280 and 390 px. */
async function shootCart(browser, baseURL) {
  const context = await newContext(browser, 1280);
  const page = await context.newPage();
  for (const id of ["aurora-anc-headphones", "pulse-fit-smartwatch", "trailpack-22l-daypack"]) {
    await page.goto(`${baseURL}/details-page/${id}`);
    await cartLoaded(page);
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await page.locator("main").getByRole("button", { name: /^Add to Cart/ }).click();
    await answered;
  }
  await page.goto(`${baseURL}/cart-page`);
  await cartLoaded(page);
  const input = page.getByTestId("quantity").first();
  await input.fill("3");
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await input.press("Enter");
  await answered;
  await page.close();
  // A context of its own per width, with this one's cookies (they hold the
  // cart): a page resized after loading kept its wider layout's height.
  const cookies = await context.cookies();
  for (const width of [1280, 390]) {
    const sizedContext = await newContext(browser, width);
    await sizedContext.addCookies(cookies);
    const sized = await sizedContext.newPage();
    await sized.goto(`${baseURL}/cart-page`);
    await cartLoaded(sized);
    await sized.getByTestId("quantity").first().waitFor();
    const file = `docs/screenshots/cart-${width}.png`;
    await sized.screenshot({ path: file, fullPage: true });
    console.log(`saved ${file}`);
    await sizedContext.close();
  }
  await context.close();
}

/** The admin's product list, signed in as the local admin. */
async function shootAdminList(browser, baseURL) {
  const context = await newContext(browser, 1280);
  const page = await context.newPage();
  await page.goto(`${baseURL}/admin-signin`);
  await page.locator("#admin-email").fill(LOCAL_ADMIN_EMAIL);
  await page.locator("#admin-password").fill(LOCAL_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(/\/admin-entry$/);
  await page.goto(`${baseURL}/admin-entry/products`);
  await page.getByTestId("admin-product-row").first().waitFor();
  const file = "docs/screenshots/admin-products-1280.png";
  await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 1280, height: 1400 } });
  console.log(`saved ${file}`);
  await context.close();
}
