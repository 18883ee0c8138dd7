/**
 * Two shop processes on one database, as the shop runs in production (many
 * instances on one Firestore project): instance A is the suite's server,
 * instance B a second `next start` of the same build on another port, with
 * the same NEXTAUTH_SECRET and the same emulators (helpers/shop-process.ts,
 * shareSuiteStore). Cookies on localhost are shared across ports, so one
 * browser context is one visitor on both.
 *
 * Nothing here may rely on the process that wrote: B learns of A's writes
 * only through its own database listeners (the cart feed, the catalogue feed
 * that expires B's cache) and its own session checks.
 *
 * Firestore pass only (tests/e2e/passes.json): a SQLite file belongs to one process.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { Redis } from "ioredis";
import { baseURL } from "../../playwright.config";
import { adminSession, createEmulatorAccount, signInAsAdmin, signInByToken } from "./helpers/accounts";
import { addProductThroughForm, confirmDelete } from "./helpers/admin-form";
import { fetchFrom } from "./helpers/from-address";
import { GUEST, deskRow, guestCheckout, newOrdersNotice, openDesk } from "./helpers/desk-live";
import { freshShopConfig, removeShopData, startShop, stopShop, type ShopConfig, type ShopProcess } from "./helpers/shop-process";
import { demoProducts } from "./support";
import { cameraPhoto } from "../helpers/photos";
import { pageReady } from "./helpers/page-ready";

const SESSION_COOKIE = "next-auth.session-token";
const urlA = baseURL;
// The load spec's own shop takes the suite's port + 50.
const portB = Number(new URL(baseURL).port) + 60;
const run = Date.now().toString(36);
// Generous: correctness, not speed (the cross-instance delay is measured by npm run bench).
const LIVE_TIMEOUT_MS = 30_000;

let configB: ShopConfig;
let shopB: ShopProcess;
let urlB = "";

// Not serial: each check stands alone (a red one does not hide the others). B is
// started once per worker; after a failure Playwright starts a fresh worker, and B with it.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  configB = await freshShopConfig(portB, { shareSuiteStore: true });
  shopB = await startShop(configB);
  urlB = configB.url;
});

test.afterAll(async () => {
  if (shopB) await stopShop(shopB);
  if (configB) removeShopData(configB);
});

const badge = (page: Page) => page.getByTestId("cart-count");

/** Opens a page and waits until it is hydrated and its cart state holds the server's cart. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await pageReady(page);
}

/** Marks the document, so a later check can tell it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

/** Clicks the details page's Add to Cart and waits until the server action answered. */
async function addOnDetails(page: Page) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await page
    .getByTestId("product-details")
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  expect((await answered).status()).toBe(200);
}

test("both instances serve the same store", async ({ request }) => {
  for (const url of [urlA, urlB]) {
    const health = await (await request.get(`${url}/api/health`)).json();
    expect(health, url).toMatchObject({ ok: true, store: "firestore" });
  }
});

test("both instances count a client's requests in the pass's one Redis: one allowance, not one each", async () => {
  // scripts/e2e.mjs gives this pass's shops one Redis (REDIS_URL); a client address no other test uses.
  expect(process.env.REDIS_URL, "scripts/e2e.mjs gives the Firestore pass a Redis").toMatch(/^redis:\/\//);
  const redis = new Redis(process.env.REDIS_URL!);
  const client = `127.${77 + (Date.now() % 100)}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
  try {
    const fromClient = fetchFrom(client);
    for (const url of [urlA, urlA, urlA, urlB, urlB]) expect((await fromClient(`${url}/api/health`)).status).toBe(200);
    const keys = await redis.keys(`*:health:${client}`);
    expect(keys, "one key for the client's health checks, written by both instances").toHaveLength(1);
    expect(await redis.get(keys[0])).toBe("5");
  } finally {
    redis.disconnect();
  }
});

test("a cart change made through A shows live in a tab served by B (badge, no reload)", async ({ browser }) => {
  const context = await browser.newContext();
  const [first, second] = [demoProducts[2], demoProducts[3]];
  const pageA = await context.newPage();
  await open(pageA, `${urlA}/details-page/${first.id}`);
  // The first add creates the guest's cart and its cookie (shared with B: same host).
  await addOnDetails(pageA);
  await expect(badge(pageA)).toHaveText("1");

  const pageB = await context.newPage();
  await open(pageB, `${urlB}/`);
  await expect(badge(pageB)).toHaveText("1");
  await markDocument(pageB);

  // Two more changes through A: an increase, then a new line.
  await addOnDetails(pageA);
  await expect(badge(pageB)).toHaveText("2", { timeout: LIVE_TIMEOUT_MS });
  await open(pageA, `${urlA}/details-page/${second.id}`);
  await addOnDetails(pageA);
  await expect(badge(pageB)).toHaveText("3", { timeout: LIVE_TIMEOUT_MS });
  expect(await isSameDocument(pageB), "B's tab was never reloaded").toBe(true);

  // And a delete through A empties B's badge.
  await open(pageA, `${urlA}/cart-page`);
  const deletes = pageA.getByTestId("cart-line").getByRole("button", { name: /^Delete/ });
  await expect(deletes.first()).toBeEnabled();
  await deletes.first().click();
  await expect(pageA.getByTestId("cart-line")).toHaveCount(1);
  await deletes.first().click();
  await expect(pageA.getByText("no items in cart")).toBeVisible();
  await expect(badge(pageB)).toHaveCount(0, { timeout: LIVE_TIMEOUT_MS });
  expect(await isSameDocument(pageB)).toBe(true);
  await context.close();
});

test("a signed-in shopper's tab on B, opened while the cart is empty, shows an add made on another device through A", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `two-devices-${run}@example.com`;
  await createEmulatorAccount(request, email, "two-devices-password", "Two Devices");
  // Two browser contexts: two devices of one shopper, each with its own cookies.
  const laptop = await browser.newContext({ baseURL: urlB });
  const laptopPage = await laptop.newPage();
  await signInByToken(laptopPage, email, "two-devices-password");
  await laptopPage.goto("/");
  await expect(laptopPage.getByTestId("account-name")).toContainText("Two Devices");
  await pageReady(laptopPage);
  await expect(badge(laptopPage)).toHaveCount(0);
  await markDocument(laptopPage);

  const phone = await browser.newContext({ baseURL: urlA });
  const phonePage = await phone.newPage();
  await signInByToken(phonePage, email, "two-devices-password");
  await open(phonePage, `${urlA}/details-page/${demoProducts[4].id}`);
  await addOnDetails(phonePage);

  // The account's first cart line was created after the laptop's stream opened.
  await expect(badge(laptopPage)).toHaveText("1", { timeout: LIVE_TIMEOUT_MS });
  expect(await isSameDocument(laptopPage), "the laptop's tab was never reloaded").toBe(true);
  await phone.close();
  await laptop.close();
});

test("a product added through A appears on B's open home and category pages, and on B's next load", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const shopper = await browser.newContext();
  const homeB = await shopper.newPage();
  await open(homeB, `${urlB}/`);
  await markDocument(homeB);
  const categoryB = await shopper.newPage();
  await open(categoryB, `${urlB}/electronics`);
  await markDocument(categoryB);

  const admin = await browser.newContext({ baseURL: urlA });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  const name = `Two Instances Lamp ${run}`;
  await addProductThroughForm(adminPage, {
    name,
    image: "https://images.example.com/two-instances.jpg",
    price: "19.99",
    details: "Added through instance A.",
    type: "Electronics",
  });
  await admin.close();

  // B's open pages hear of it on B's own stream and re-render, without a reload.
  await expect(homeB.locator("main article h3", { hasText: name })).toBeVisible({ timeout: LIVE_TIMEOUT_MS });
  await expect(categoryB.locator("main article h3", { hasText: name })).toBeVisible({ timeout: LIVE_TIMEOUT_MS });
  expect(await isSameDocument(homeB), "B's home tab was never reloaded").toBe(true);
  expect(await isSameDocument(categoryB), "B's category tab was never reloaded").toBe(true);

  // Once B's tab has shown it, a fresh load from B is never the stale page: one
  // request each, no retry (a stale-while-revalidate answer would fail here).
  for (const path of ["/", "/electronics"]) {
    const response = await request.get(`${urlB}${path}`);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), `B's ${path} right after the catalogue event`).toContain(name);
  }
  // And a reload of B's tab shows it as rendered, not only after another event.
  await homeB.reload();
  expect(await homeB.locator("main article h3", { hasText: name }).count(), "B's home after a reload").toBeGreaterThan(0);
  await shopper.close();
});

test("a photo uploaded through A is served by B: the instances keep photos in one bucket", async ({ browser, request }) => {
  const admin = await browser.newContext({ baseURL: urlA });
  const page = await admin.newPage();
  await signInAsAdmin(page);
  const name = `Two Instances Photo Lamp ${run}`;
  await page.locator("#productName").fill(name);
  await page.locator("#productPrize").fill("24.00");
  await page.locator("#productDetails").fill("Photographed through instance A.");
  await page.locator("#productType").selectOption("Electronics");
  await page.locator("#productPhoto").setInputFiles({ name: "lamp.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto(1000) });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added “${name}” to the catalogue.`);
  await admin.close();

  // B's own search page names the photo, and B serves each width A stored, byte for byte.
  const searchB = await request.get(`${urlB}/search?q=${encodeURIComponent(name)}`);
  const path = /\/media\/photos\/[a-z0-9]{20}\/800\.webp/.exec(await searchB.text())?.[0];
  expect(path, "B's search page shows the uploaded photo").toBeDefined();
  for (const width of ["400", "800"]) {
    const widthPath = path!.replace(/800\.webp$/, `${width}.webp`);
    const [fromA, fromB] = await Promise.all([request.get(`${urlA}${widthPath}`), request.get(`${urlB}${widthPath}`)]);
    expect([fromA.status(), fromB.status()], widthPath).toEqual([200, 200]);
    expect(Buffer.compare(await fromA.body(), await fromB.body()), `${widthPath}: the same bytes from A and B`).toBe(0);
  }
});

/** A request carrying only this session cookie, to one instance. */
async function sessionAt(url: string, cookie: string) {
  const headers = { cookie: `${SESSION_COOKIE}=${cookie}` };
  const session = (await (await fetch(`${url}/api/auth/session`, { headers })).json()) as { user?: { isAdmin?: boolean } };
  const entry = await fetch(`${url}/admin-entry`, { headers, redirect: "manual" });
  return {
    user: session.user ?? null,
    adminEntry: entry.status === 200 ? "page" : `${entry.status} ${entry.headers.get("location") ?? ""}`,
  };
}

async function sessionCookieOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(urlA)).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, "the session cookie").toBeDefined();
  return cookie!.value;
}

test("a session signed out through A is refused by B", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: urlA });
  const page = await context.newPage();
  await signInAsAdmin(page);
  const copied = await sessionCookieOf(context);
  // Control: before Sign Out, B accepts the copy (same secret, same store).
  expect(await sessionAt(urlB, copied)).toEqual({ user: expect.objectContaining({ isAdmin: true }), adminEntry: "page" });

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.locator("header").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

  const refused = { user: null, adminEntry: expect.stringMatching(/^307 (http:\/\/localhost:\d+)?\/admin-signin$/) };
  expect(await sessionAt(urlB, copied), "B after Sign Out through A").toEqual(refused);
  expect(await sessionAt(urlA, copied), "A after its own Sign Out").toEqual(refused);
  await context.close();
});

test("an account deleted through A: its session is refused by B at once", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: urlA });
  const page = await context.newPage();
  const email = `two.delete.${run}@example.com`;
  const password = "two-instances-delete-1";
  await createEmulatorAccount(page.request, email, password, "Two Deleted");
  await signInByToken(page, email, password);
  const copied = await sessionCookieOf(context);
  // Control: before the deletion, B knows the session's shopper.
  expect((await sessionAt(urlB, copied)).user).toMatchObject({ email });

  await page.goto("/account");
  const section = page.getByRole("region", { name: "Delete my account" });
  await section.getByLabel("Current password").fill(password);
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account\/deleted$/);

  expect((await sessionAt(urlB, copied)).user, "B right after the deletion through A").toBeNull();
  expect((await sessionAt(urlA, copied)).user, "A after its own deletion").toBeNull();
  await context.close();
});

test("an edit and a delete made through A reach a cart open on B; a stale save through B is refused", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ baseURL: urlA });
  const adminA = await admin.newPage();
  await signInAsAdmin(adminA);
  const name = `Two Instances Kettle ${run}`;
  await addProductThroughForm(adminA, {
    name,
    image: "https://images.example.com/two-instances-kettle.jpg",
    price: "20.00",
    details: "Edited through A.",
    type: "Sport",
  });
  await adminA.goto("/admin-entry/products?q=" + encodeURIComponent(name));
  await adminA.getByTestId("admin-product-row").getByRole("link", { name }).click();
  await adminA.waitForURL(/\/admin-entry\/products\/[^/?]+$/);
  await expect(adminA.getByRole("heading", { name, level: 1 })).toBeVisible();
  const id = decodeURIComponent(new URL(adminA.url()).pathname.split("/").pop()!);

  // The same admin's session opens the product on B too (cookies on localhost are shared across ports).
  const adminB = await admin.newPage();
  await adminB.goto(`${urlB}/admin-entry/products/${encodeURIComponent(id)}`);
  await expect(adminB.getByRole("heading", { name, level: 1 })).toBeVisible();

  const shopper = await browser.newContext();
  const cartB = await shopper.newPage();
  await expect(async () => {
    const response = await cartB.goto(`${urlB}/details-page/${encodeURIComponent(id)}`);
    expect(response?.status()).toBe(200);
  }).toPass({ timeout: LIVE_TIMEOUT_MS });
  await pageReady(cartB);
  await addOnDetails(cartB);
  await open(cartB, `${urlB}/cart-page`);
  await markDocument(cartB);

  await adminA.locator("#productPrize").fill("25.00");
  await adminA.getByRole("button", { name: "Save changes" }).click();
  await expect(adminA.getByTestId("edit-status")).toHaveText(`Saved “${name}”.`);
  const line = cartB.getByTestId("cart-line");
  await expect(line.getByTestId("price-changed")).toHaveText("The price changed from $20.00 to $25.00 since you added it.", {
    timeout: LIVE_TIMEOUT_MS,
  });

  // B's page was opened before A's save: its save is refused, whichever instance serves it.
  await adminB.locator("#productName").fill(`${name}, renamed through B`);
  await adminB.getByRole("button", { name: "Save changes" }).click();
  await expect(adminB.getByTestId("edit-status")).toContainText("changed since you opened it");

  await adminA.getByRole("button", { name: "Delete this product…" }).click();
  // The delete answers after it has expired what showed the product; on a loaded machine that is given as long as a live update.
  await confirmDelete(adminA, name, { timeout: LIVE_TIMEOUT_MS });
  await expect(line.getByTestId("unavailable")).toHaveText("no longer available", { timeout: LIVE_TIMEOUT_MS });
  expect(await isSameDocument(cartB), "B's cart tab was never reloaded").toBe(true);
  await expect
    .poll(async () => (await request.get(`${urlB}/details-page/${encodeURIComponent(id)}`)).status(), { timeout: LIVE_TIMEOUT_MS })
    .toBe(404);
  await admin.close();
  await shopper.close();
});

test("a guest's order placed through B appears on the admin's order desk open on A, without a reload", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await browser.newContext({ baseURL: urlA });
  const desk = await admin.newPage();
  await adminSession(desk);
  await openDesk(desk);
  const guest = await browser.newContext({ baseURL: urlB });
  const orderId = await guestCheckout(await guest.newPage(), demoProducts[8].id, {
    ...GUEST,
    email: `two-instances-desk-${run}@example.com`,
  });
  // A hears it through its own listener (OrderStore.watchNewOrders), never from B.
  await expect(newOrdersNotice(desk)).toContainText("1 new order", { timeout: LIVE_TIMEOUT_MS });
  await newOrdersNotice(desk).getByRole("button", { name: "Show new orders" }).click();
  await expect(deskRow(desk, orderId)).toHaveCount(1);
  expect(await isSameDocument(desk), "A's desk was never reloaded").toBe(true);
  await guest.close();
  await admin.close();
});
