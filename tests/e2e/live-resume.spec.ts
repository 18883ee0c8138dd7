import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { signInAsAdmin } from "./helpers/accounts";
import { addProductThroughForm } from "./helpers/admin-form";
import { startTcpRelay } from "../helpers/tcp-relay";
import { pageShowsCatalogueNow } from "./helpers/live-stream";
import { watchRouterRequests } from "./helpers/router-requests";
import { pageReady } from "./helpers/page-ready";

/**
 * The live stream of a tab (lib/live/connection.ts) closes while the tab is
 * hidden and reopens when it is shown; after a cut it reopens with growing
 * delays; and neither gap loses an update: a cart change and a new product
 * made while the tab was not listening both show when it listens again,
 * without a reload.
 */

const run = Date.now().toString(36);
const LIVE_TIMEOUT_MS = 20_000;
const isEvents = (url: string) => new URL(url).pathname === "/api/events";
const badge = (page: Page) => page.getByTestId("cart-count");

/** When this page asked for, got and lost its live streams (ms since the watch began, as `now()`). */
function watchStreams(page: Page) {
  const started = Date.now();
  const now = () => Date.now() - started;
  const opened: number[] = [];
  const answered: number[] = [];
  const ended: string[] = [];
  page.on("request", (request) => {
    if (isEvents(request.url())) opened.push(now());
  });
  page.on("response", (response) => {
    if (isEvents(response.url()) && response.ok()) answered.push(now());
  });
  page.on("requestfailed", (request) => {
    if (isEvents(request.url())) ended.push(request.failure()?.errorText ?? "failed");
  });
  return { opened, answered, ended, now };
}

/** Makes the page believe it is hidden or shown, as switching tabs does. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (value ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}
async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

/**
 * A second tab of the same shopper (same cookies), on the shop's own port,
 * adds a product to the cart, and closes once the server has answered: its
 * badge shows the add at once, before the action is even sent, and a tab
 * closed then takes the add with it.
 */
async function addFromAnotherTab(context: BrowserContext, expectedCount: string) {
  const other = await context.newPage();
  await other.goto(`${baseURL}/electronics`);
  await pageReady(other);
  const answered = other.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await other
    .getByRole("button", { name: /^Add to Cart/ })
    .nth(1)
    .click();
  expect((await answered).ok(), "the add was answered").toBe(true);
  await expect(badge(other)).toHaveText(expectedCount);
  await other.close();
}

/** An admin adds an Electronics product through the admin form. */
async function addProduct(browser: Browser, name: string) {
  const admin = await browser.newContext({ baseURL });
  const page = await admin.newPage();
  await signInAsAdmin(page);
  await addProductThroughForm(page, {
    name,
    image: "https://images.example.com/live-resume.jpg",
    price: "12.50",
    details: "Added while a tab was not listening.",
    type: "Electronics",
  });
  await admin.close();
}

/**
 * A guest tab on `url`'s home page with one product in the cart, its stream
 * open, and its router requests as they go.
 */
async function guestWithOneItem(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const streams = watchStreams(page);
  const router = watchRouterRequests(page);
  await page.goto(`${url}/`);
  await pageReady(page);
  await page
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  await expect(badge(page)).toHaveText("1");
  // The first add created the cart: the stream is reopened to follow it.
  await expect.poll(() => streams.opened.length).toBeGreaterThanOrEqual(2);
  // Settled: no change the server knows of touched a part the page shows since
  // it was rendered, so no catch-up refresh is still on its way when a test
  // hides the tab or cuts its link (a refresh whose fetch fails makes Next
  // reload the page).
  await expect.poll(() => pageShowsCatalogueNow(page, baseURL), { timeout: 20_000 }).toBe(true);
  // And idle: the router awaits neither the add's answer (its cookie
  // re-renders the page) nor any refresh.
  await expect.poll(() => router.awaited(), { timeout: 20_000 }).toEqual([]);
  await markDocument(page);
  return { page, router };
}

test("a hidden tab closes its stream, reopens it when shown, and catches up on the cart and the catalogue", async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const { page } = await guestWithOneItem(context, baseURL);
  const streams = watchStreams(page);

  await setHidden(page, true);
  // Closed after the 10 s grace (lib/live/connection.ts), not before.
  await page.waitForTimeout(5_000);
  expect(streams.ended, "still open within the grace").toEqual([]);
  await expect.poll(() => streams.ended.length, { timeout: 15_000 }).toBe(1);

  const name = `Hidden Tab Lamp ${run}`;
  await addFromAnotherTab(context, "2");
  await addProduct(browser, name);
  await page.waitForTimeout(2_000);
  expect(streams.opened, "nothing reopens while hidden").toEqual([]);
  await expect(badge(page), "no update reaches a closed stream").toHaveText("1");

  await setHidden(page, false);
  await expect.poll(() => streams.opened.length).toBe(1);
  await expect(badge(page)).toHaveText("2", { timeout: LIVE_TIMEOUT_MS });
  await expect(page.locator("main article h3", { hasText: name })).toBeVisible({ timeout: LIVE_TIMEOUT_MS });
  expect(await isSameDocument(page), "caught up without a reload").toBe(true);
  await context.close();
});

test("a cut stream reopens with growing delays and no update made during the cut is lost", async ({ browser }) => {
  const shop = new URL(baseURL);
  // Bytes pass unchanged, so the shop sees the browser's own requests (Host and Origin name the relay's port, and
  // cookies, which ignore ports, are shared with tabs on the shop's own port).
  const link = await startTcpRelay({ host: shop.hostname, port: Number(shop.port) });
  const context = await browser.newContext({ baseURL });
  try {
    const { page, router } = await guestWithOneItem(context, `http://localhost:${link.port}`);
    const streams = watchStreams(page);

    link.cut();
    const askedBeforeCut = router.started().length;
    const name = `Cut Stream Lamp ${run}`;
    await addFromAnotherTab(context, "2");
    await addProduct(browser, name);
    // Down for at least three attempts (after 1, 2 and 4 s at most).
    await expect.poll(() => streams.opened.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expect(badge(page), "no update reaches a cut stream").toHaveText("1");
    const attempts = [...streams.opened];
    expect(attempts.length, `reconnection attempts during the cut: ${attempts.join(", ")} ms`).toBeGreaterThanOrEqual(3);
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]);
    // 1 s, 2 s, 4 s …, each jittered down by at most half: never below 450 ms, never shrinking.
    for (let i = 0; i < gaps.length; i++) {
      expect(gaps[i], `gap ${i + 1} of ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(450);
      if (i > 0) expect(gaps[i], `gaps ${gaps.join(", ")} ms grow`).toBeGreaterThanOrEqual(gaps[i - 1] - 50);
    }

    // Nothing is refreshed while the stream is cut (a refresh lost on its way reloads the page).
    expect(router.started().slice(askedBeforeCut), "router requests during the cut").toEqual([]);

    // The next attempt comes at most one doubled delay after the last one: attempt n waited at
    // most 2^(n-1) s, so the one after it waits at most 2^n s (lib/live/connection.ts). That is
    // how long the stream may stay closed after the link is back, however long the cut lasted.
    // An attempt the browser began just before the restore is heard here only after it, and was
    // refused: so the bound allows one more attempt, and the stream counts as back once the shop
    // has answered one.
    const tried = [...streams.opened];
    link.restore();
    const nextAttemptBy = tried[tried.length - 1] + 1_000 * (2 ** tried.length + 2 ** (tried.length + 1));
    await expect
      .poll(() => streams.answered.length, {
        message: `answered after attempts at ${tried.join(", ")} ms; attempts since: ${streams.opened.slice(tried.length).join(", ")} ms`,
        timeout: Math.max(nextAttemptBy - streams.now(), 0) + 5_000,
      })
      .toBeGreaterThan(0);
    await expect(badge(page)).toHaveText("2", { timeout: LIVE_TIMEOUT_MS });
    await expect(page.locator("main article h3", { hasText: name })).toBeVisible({ timeout: LIVE_TIMEOUT_MS });
    expect(await isSameDocument(page), "caught up without a reload").toBe(true);
  } finally {
    await context.close();
    await link.close();
  }
});
