// Live-update delay: one visitor, two tabs of one browser context. Tab A
// changes the cart through the UI (adds from a product list, then deletes
// from the cart page); tab B sits on the cart page. Each delay runs from the
// click in tab A until tab B's header cart count changes (a MutationObserver
// timestamps it in the page, so no polling latency is added). Both tabs run
// in one chromium on one clock. Selectors as in tests/e2e/cart.spec.ts.
// With `otherBaseURL`, tab B is served by another shop process on the same
// database (cross-instance: the change reaches B through B's own database
// listener). Both are localhost, so the tabs share the visitor's cookies.
import { launchBrowser } from "./lib/chromium.mjs";
import { median, percentile } from "./lib/stats.mjs";
import { clickAdd } from "./lib/ui.mjs";

const CART_LINK = 'header a[href="/cart-page"]';

async function open(page, url) {
  // Hydrated and holding the server's cart ("load" would also wait for every image).
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await page.locator(`${CART_LINK}[data-loaded]`).waitFor({ timeout: 60_000 });
}

/** A cart line's Delete button (components/cart/cart-line.tsx), within the line and on the page. */
const DELETE_IN_LINE = 'button[aria-label^="Delete "]';
const DELETE_BUTTON = `[data-testid="cart-line"] ${DELETE_IN_LINE}`;

/** Clicks the button `locator` finds, in its page, and returns the page's clock at the click. */
const clickTimed = (locator) =>
  locator.evaluate((button) => {
    const at = Date.now();
    button.click();
    return at;
  });

/** Records in `tab`, on its own clock, each change of the header's cart count (into window.__seen). */
function observeCartCount(tab) {
  return tab.evaluate((selector) => {
    const link = document.querySelector(selector);
    window.__seen = [];
    new MutationObserver(() => window.__seen.push([Date.now(), link.getAttribute("aria-label") ?? ""])).observe(link, {
      attributes: true,
      attributeFilter: ["aria-label"],
    });
  }, CART_LINK);
}

/**
 * `measure(act)` runs `act` (a click in tab A, returning its time) and waits
 * until tab B's cart count leaves what it was, then until tab A's server
 * action has answered; `delays` holds each delay measured.
 */
function delayMeter(tabA, tabB, timeoutMs) {
  const delays = [];
  async function measure(act) {
    const before = await tabB.locator(CART_LINK).getAttribute("aria-label");
    const answered = tabA.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
    // If this measurement throws first, the pending wait rejects when the
    // browser closes: observed here, so that rejection cannot crash the
    // process and hide the error that really ended the run.
    answered.catch(() => {});
    const clickedAt = await act();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = await tabB.evaluate(() => window.__seen);
      const hit = seen.find(([at, label]) => at >= clickedAt && label !== before);
      if (hit) {
        delays.push(hit[0] - clickedAt);
        break;
      }
      if (Date.now() > deadline) {
        const now = await tabB.locator(CART_LINK).getAttribute("aria-label");
        throw new Error(
          `tab B's cart count did not change within ${timeoutMs} ms (change ${delays.length + 1}: ` +
            `"${before}" before, "${now}" now; tab A at ${tabA.url()})`,
        );
      }
      await tabB.waitForTimeout(20);
    }
    // Tab A's server action has answered before the next click.
    await answered;
  }
  return { delays, measure };
}

/** `deletes` measured deletes of the cart's first line, from tab A's cart page, which starts with `lines` lines. */
async function measureDeletes(tabA, cartURL, { deletes, lines: linesBefore }, measure) {
  await open(tabA, cartURL);
  const lines = tabA.getByTestId("cart-line");
  // The cart streams in after the header: its Delete buttons are enabled once its own script has hydrated it.
  // A line's first button is its quantity stepper's minus; Delete is named "Delete <product>".
  await tabA.waitForFunction((selector) => {
    const button = document.querySelector(selector);
    return button !== null && !button.disabled;
  }, DELETE_BUTTON);
  for (let i = 0; i < deletes; i += 1) {
    if ((await lines.count()) === 0) throw new Error("the cart emptied before every delete was measured");
    await measure(() => clickTimed(lines.first().locator(DELETE_IN_LINE)));
    await tabA.waitForFunction((n) => document.querySelectorAll('[data-testid="cart-line"]').length === n, linesBefore - i - 1);
  }
}

/**
 * `changes` changes (half adds, half deletes); adds come from `listPath`,
 * which must list at least changes/2 different products, one Add button each
 * (`/search?q=and`: 45 of the demo's 48 products; the search matches words,
 * so a one-letter query such as "e" lists none).
 */
export async function liveDelay(baseURL, { changes = 50, listPath = "/search?q=and", timeoutMs = 5000, otherBaseURL = baseURL } = {}) {
  const adds = Math.ceil(changes / 2);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    await open(tabA, `${baseURL}${listPath}`);
    const buttons = tabA.locator("main article").getByRole("button", { name: /^Add to Cart/ });
    // Across instances the visitor's cart must exist before tab B opens: the
    // tabs are two origins here (two ports), so tab A's first add cannot tell
    // tab B to reconnect as it does between tabs of one origin (behind one
    // address, instances share an origin). One unmeasured add creates it.
    const primed = otherBaseURL === baseURL ? 0 : 1;
    // The list may stream in after the header has hydrated.
    await buttons.first().waitFor({ timeout: 60_000 });
    const available = await buttons.count();
    if (available < adds + primed) throw new Error(`${listPath} lists ${available} products; ${adds + primed} different ones are needed`);
    if (primed) await clickAdd(tabA, buttons.nth(adds));
    await open(tabB, `${otherBaseURL}/cart-page`);
    await observeCartCount(tabB);

    const { delays, measure } = delayMeter(tabA, tabB, timeoutMs);
    for (let i = 0; i < adds; i += 1) await measure(() => clickTimed(buttons.nth(i)));
    await measureDeletes(tabA, `${baseURL}/cart-page`, { deletes: changes - adds, lines: adds + primed }, measure);
    await context.close();

    const sorted = [...delays].sort((x, y) => x - y);
    return { changes: delays.length, median: median(sorted), p95: percentile(sorted, 95), max: sorted.at(-1), delays };
  } finally {
    await browser.close();
  }
}
