// npm run screenshots: starts the shop like start:local (own port and data
// folder) and saves docs/screenshots/{home,category,details}-{1280,768,390}.png,
// the cart with its quantity steppers (cart-{1280,390}.png), the admin's
// product list (admin-products-1280.png), a phone's header signed in with
// a long name, its account menu open (header-signed-in-390.png), and an
// order from checkout to the desk at 1280 px (checkout, confirmation, orders
// and order-desk), with the suite's browser (scripts/lib/browser.mjs:
// Debian's chromium where present).
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
/** The order shots, all at 1280 px: one signed-in order, so each needs the ones before it. */
const ORDER_SHOTS = ["checkout", "confirmation", "orders", "order-desk"];

/**
 * A browser context at `width`; phone widths as a phone shows them (touch,
 * overlay scrollbars), or a desktop scrollbar takes 15 px of the 390 px shot.
 */
function newContext(browser, width) {
  const phone = width < 768;
  return browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce", isMobile: phone, hasTouch: phone });
}

// Names given on the command line (home, category, details, cart,
// admin-products, header-signed-in, checkout, confirmation, orders,
// order-desk) retake only those; none retakes all.
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);

// SCREENSHOTS_PORT, SCREENSHOTS_AUTH_PORT and SCREENSHOTS_DIST_DIR move the
// shop off the defaults (another shop on the port, a build to reuse).
const place = {
  port: Number(process.env.SCREENSHOTS_PORT ?? 3800),
  authPort: Number(process.env.SCREENSHOTS_AUTH_PORT ?? 9899),
  distDir: process.env.SCREENSHOTS_DIST_DIR ?? ".next-bench",
};

mkdirSync("docs/screenshots", { recursive: true });
const shop = await startLocalShop(place);
const browser = await launchBrowser();
try {
  for (const width of WIDTHS) {
    if (!PAGES.some(([name]) => wanted(name))) break;
    const context = await newContext(browser, width);
    const page = await context.newPage();
    for (const [name, path] of PAGES.filter(([n]) => wanted(n))) {
      await page.goto(shop.baseURL + path, { waitUntil: "networkidle" });
      const file = `docs/screenshots/${name}-${width}.png`;
      // The first two screens: what a shopper sees before scrolling, and a bit more.
      await page.screenshot({
        path: file,
        clip: { x: 0, y: 0, width, height: Math.min(1800, await page.evaluate(() => document.body.scrollHeight)) },
      });
      console.log(`saved ${file}`);
    }
    await context.close();
  }
  if (wanted("cart")) await shootCart(browser, shop.baseURL);
  if (wanted("admin-products")) await shootAdminList(browser, shop.baseURL);
  if (wanted("header-signed-in")) await shootSignedInPhoneHeader(browser, shop.baseURL);
  if (ORDER_SHOTS.some(wanted)) await shootOrder(browser, shop.baseURL);
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
    await page
      .locator("main")
      .getByRole("button", { name: /^Add to Cart/ })
      .click();
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

/** Signs `page` in as the local admin. */
async function signInAsAdmin(page, baseURL) {
  await page.goto(`${baseURL}/admin-signin`);
  await page.locator("#admin-email").fill(LOCAL_ADMIN_EMAIL);
  await page.locator("#admin-password").fill(LOCAL_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(/\/admin-entry$/);
}

/** The admin's product list, signed in as the local admin. */
async function shootAdminList(browser, baseURL) {
  const context = await newContext(browser, 1280);
  const page = await context.newPage();
  await signInAsAdmin(page, baseURL);
  await page.goto(`${baseURL}/admin-entry/products`);
  await page.getByTestId("admin-product-row").first().waitFor();
  const file = "docs/screenshots/admin-products-1280.png";
  await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 1280, height: 1400 } });
  console.log(`saved ${file}`);
  await context.close();
}

/**
 * The header on a 390 px phone, signed in with a long name and a line in the
 * cart, its account menu open: the account collapses into that menu, so the
 * cart link and the search box keep their room.
 */
async function shootSignedInPhoneHeader(browser, baseURL) {
  const name = "Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff Jr.";
  const password = "screenshot-password";
  const context = await newContext(browser, 390);
  const page = await context.newPage();
  await page.goto(`${baseURL}/sign-page`);
  await page.locator("#signup-email").fill("long.name@example.com");
  await page.locator("#signup-name").fill(name);
  await page.locator("#signup-password").fill(password);
  await page.locator("#signup-confirm").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.getByTestId("account-menu").waitFor();
  await page.goto(`${baseURL}/details-page/aurora-anc-headphones`);
  await cartLoaded(page);
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await page
    .locator("main")
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await answered;
  await page.goto(`${baseURL}/`, { waitUntil: "networkidle" });
  await cartLoaded(page);
  await page.getByTestId("cart-count").waitFor();
  await page.getByTestId("account-menu").locator("summary").click();
  const panel = await page.getByTestId("account-menu").getByRole("button", { name: "Sign Out" }).boundingBox();
  const file = "docs/screenshots/header-signed-in-390.png";
  await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 390, height: Math.ceil(panel.y + panel.height + 40) } });
  console.log(`saved ${file}`);
  await context.close();
}

/** Saves `page` as docs/screenshots/<name>-1280.png when that shot is wanted. */
async function saveOrderShot(page, name) {
  if (!wanted(name)) return;
  const file = `docs/screenshots/${name}-1280.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(`saved ${file}`);
}

/**
 * An order from the checkout to the operator's desk: a shopper signs up,
 * puts two products in the cart and checks out (name and email filled in
 * from the account, the address typed), the confirmation, "Returns &
 * Orders", then the desk's list with that order on it.
 */
async function shootOrder(browser, baseURL) {
  const password = "screenshot-password";
  const context = await newContext(browser, 1280);
  const page = await context.newPage();
  await page.goto(`${baseURL}/sign-page`);
  await page.locator("#signup-email").fill("ada.lovelace@example.com");
  await page.locator("#signup-name").fill("Ada Lovelace");
  await page.locator("#signup-password").fill(password);
  await page.locator("#signup-confirm").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  // At this width the header shows the name (the phone's account menu is hidden).
  await page.getByTestId("account-name").waitFor();
  for (const id of ["aurora-anc-headphones", "trailpack-22l-daypack"]) {
    await page.goto(`${baseURL}/details-page/${id}`);
    await cartLoaded(page);
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await page
      .locator("main")
      .getByRole("button", { name: /^Add to Cart/ })
      .click();
    await answered;
  }
  await page.goto(`${baseURL}/checkout-page`);
  const field = (label) => page.getByLabel(label, { exact: true });
  await field("Full name").waitFor();
  await field("Phone (optional)").fill("+44 20 7946 0958");
  await field("Country").selectOption("GB");
  await field("Address").fill("12 St James's Square");
  await field("City").fill("London");
  await field("Postal code").fill("SW1Y 4LB");
  await saveOrderShot(page, "checkout");
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL(/\/orders-page\/[A-Za-z0-9_-]+$/);
  await page.getByTestId("order-reference").waitFor();
  await saveOrderShot(page, "confirmation");
  await page.goto(`${baseURL}/orders-page`);
  await page.getByTestId("order-item").waitFor();
  await saveOrderShot(page, "orders");
  await context.close();

  const adminContext = await newContext(browser, 1280);
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, baseURL);
  await admin.goto(`${baseURL}/admin-entry/orders`);
  await admin.getByTestId("admin-order-row").first().waitFor();
  await saveOrderShot(admin, "order-desk");
  await adminContext.close();
}
