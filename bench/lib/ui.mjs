// What the benchmarks do in a real page: open it until it has hydrated and
// holds the server's cart, and press Add to Cart until the header shows it.
// Selectors as in tests/e2e/cart.spec.ts.
const CART_LINK = 'header a[href="/cart-page"]';

/** Hydrated and holding the server's cart ("load" would also wait for every image). */
export async function openHydrated(page, url) {
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await page.locator(`${CART_LINK}[data-loaded]`).waitFor({ timeout: 60_000 });
}

/** The Add to Cart buttons of a product list (one per card). */
export const addButtons = (page) => page.locator("main article").getByRole("button", { name: /^Add to Cart/ });

/** Clicks `button`, then waits until the action answered and the header's count changed. */
export async function clickAdd(page, button) {
  const before = await page.locator(CART_LINK).getAttribute("aria-label");
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await button.click();
  await answered;
  await page.waitForFunction(
    ([selector, label]) => document.querySelector(selector)?.getAttribute("aria-label") !== label,
    [CART_LINK, before],
    { timeout: 10_000 },
  );
}

/** A browser context's cookies for `baseURL` as one Cookie header. */
export async function cookieHeader(context, baseURL) {
  return (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join("; ");
}
