// Document reads per search, per add to cart and per signed-in page view,
// counted from outside the shop's code by bench/counting/
// (bench/lib/counts.mjs says what a document is on each backend), with the
// writes an add makes. Run against each backend's shop in the same run so
// the two can be compared.
import { readsPerViews } from "./reads.mjs";
import { launchBrowser } from "./lib/chromium.mjs";
import { figuresOf, readsDuring } from "./lib/counts.mjs";
import { addButtons, clickAdd, cookieHeader, openHydrated } from "./lib/ui.mjs";

async function get(url, headers = {}) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  await response.arrayBuffer();
}

/** A window's figures (bench/lib/counts.mjs's figuresOf, totals over the window) and its number of calls. */
const perCall = (window, calls) => ({
  calls,
  perCall: window.documents / calls,
  writesPerCall: window.counts.writes / calls,
  ...figuresOf(window.counts),
});

/**
 * Searches rendered per request: the first search of the run (cold), the same
 * query repeated, then queries never asked before once the catalogue is warm.
 */
export async function readsPerSearch(baseURL, { repeats = 20, terms = SEARCH_TERMS } = {}) {
  const search = (q) => get(`${baseURL}/search?q=${encodeURIComponent(q)}`);
  const first = await readsDuring(baseURL, () => search(terms[0]));
  const same = await readsDuring(baseURL, async () => {
    for (let i = 0; i < repeats; i += 1) await search(terms[0]);
  });
  const fresh = await readsDuring(baseURL, async () => {
    for (const q of terms.slice(1)) await search(q);
  });
  return {
    first: { query: terms[0], ...perCall(first, 1) },
    sameQuery: { query: terms[0], ...perCall(same, repeats) },
    newQueries: { queries: terms.slice(1), ...perCall(fresh, terms.length - 1) },
  };
}

// Words from the demo catalogue's names, each a query no other step asks.
const SEARCH_TERMS = ["wireless", "leather", "smart", "yoga", "drone", "tennis", "camera", "belt", "bottle", "cap", "orbit"];

/** An add through the UI, then time for the change feed's reads (a listener's snapshot, the stream's reconnect). */
async function addAndSettle(page, button) {
  await clickAdd(page, button);
  await page.waitForTimeout(settleMs);
}
const settleMs = 500;

/**
 * Adds through the UI of one tab (the tab's own live stream open, as in use):
 * the visitor's first add (it creates the cart and its listener), adds of
 * products not yet in the cart, then adds of a product already in it.
 */
export async function readsPerAdd(baseURL, { adds = 10, listPath = "/search?q=and" } = {}) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openHydrated(page, `${baseURL}${listPath}`);
    const buttons = addButtons(page);
    // The list may stream in after the header has hydrated.
    await buttons.first().waitFor({ timeout: 60_000 });
    if ((await buttons.count()) < adds + 1) throw new Error(`${listPath} lists fewer than ${adds + 1} products`);
    const first = await readsDuring(baseURL, () => addAndSettle(page, buttons.nth(0)));
    const newLines = await readsDuring(baseURL, async () => {
      for (let i = 1; i <= adds; i += 1) await addAndSettle(page, buttons.nth(i));
    });
    const increments = await readsDuring(baseURL, async () => {
      for (let i = 0; i < adds; i += 1) await addAndSettle(page, buttons.nth(0));
    });
    await context.close();
    return {
      settleMs,
      first: perCall(first, 1),
      newLine: perCall(newLines, adds),
      increment: perCall(increments, adds),
    };
  } finally {
    await browser.close();
  }
}

/**
 * Signs a new shopper in the way the browser does (an Auth emulator account,
 * its ID token handed to next-auth's callback) after a guest add, so the
 * shopper's cart has one line; returns the browser context's cookies as a
 * Cookie header.
 */
async function signedInCookies(baseURL, authPort) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openHydrated(page, `${baseURL}/search?q=and`);
    await clickAdd(page, addButtons(page).first());
    const identity = `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
    const email = `bench-${Date.now()}@storefront.local`;
    const account = await (
      await fetch(identity, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "bench-password-1", returnSecureToken: true }),
      })
    ).json();
    if (!account.idToken) throw new Error(`the Auth emulator refused the account: ${JSON.stringify(account)}`);
    const { csrfToken } = await (await context.request.get(`${baseURL}/api/auth/csrf`)).json();
    await context.request.post(`${baseURL}/api/auth/callback/firebase`, {
      form: { csrfToken, idToken: account.idToken, json: "true" },
      maxRedirects: 0,
    });
    const session = await (await context.request.get(`${baseURL}/api/auth/session`)).json();
    if (!session?.user) throw new Error("signing in through next-auth's callback left no session");
    return cookieHeader(context, baseURL);
  } finally {
    await browser.close();
  }
}

/**
 * Signed-in views of home: what an anonymous chromium view requested from the
 * server's code (bench/reads.mjs), replayed with a signed-in shopper's cookies
 * (one line in the cart). No other tab of that shopper is open, so every
 * view's live stream starts (and on Firestore, reads) the cart's listener.
 */
export async function readsPerSignedInView(baseURL, authPort, { views = 50 } = {}) {
  const cookie = await signedInCookies(baseURL, authPort);
  const measured = await readsPerViews(baseURL, { warmupViews: 5, viewCount: views, concurrency: 1, cookie });
  return { ...measured, perView: measured.documents / measured.views };
}
