import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { demoProducts } from "./support";
import { SESSION_CHANGED_EVENT } from "../../lib/live/protocol";
import { escapeRegExp as escape } from "./helpers/escape-regexp";
import { pageReady as ready } from "./helpers/page-ready";

const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
const cartLink = (page: Page) => page.locator('header a[href="/cart-page"]');
const badge = (page: Page) => page.getByTestId("cart-count");
const addButton = (scope: Locator | Page) => scope.getByRole("button", { name: /^Add to Cart/ });

/** Clicks an Add to Cart (or Delete) button and waits until the server action has answered. */
async function persisted(page: Page, button: Locator) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await button.click();
  await answered;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
}

const byId = (id: string) => {
  const product = demoProducts.find((p) => p.id === id);
  if (!product) throw new Error(`no demo product ${id}`);
  return product;
};

test.describe("Add to Cart", () => {
  test("is on home price cards, carousel cards, category grids, details and search results", async ({ page }) => {
    await page.goto("/");
    const priceCards = page.getByRole("region", { name: "Top picks for you" }).locator("article");
    await expect(priceCards).toHaveCount(6);
    for (let i = 0; i < 6; i += 1) await expect(addButton(priceCards.nth(i))).toHaveCount(1);
    const carousel = page.getByRole("region", { name: "Popular products in Apparel internationally" });
    await expect(addButton(carousel.locator("article").first())).toHaveCount(1);
    const single = page.getByRole("region", { name: "More to explore, set 1" });
    await expect(addButton(single.locator("article").first())).toHaveCount(1);
    // Every product card on the home page carries exactly one.
    await expect(addButton(page.locator("main"))).toHaveCount(40);

    await page.goto("/electronics");
    const cards = page.locator("main article");
    await expect(cards.first()).toBeVisible();
    expect(await addButton(page.locator("main")).count()).toBe(await cards.count());

    await page.goto(`/details-page/${demoProducts[0].id}`);
    await expect(addButton(page.getByTestId("product-details"))).toHaveCount(1);
    // "More like this" below: one on each of its cards, as everywhere.
    const similar = page.getByRole("region", { name: "More like this" }).locator("article");
    await expect(similar.first()).toBeVisible();
    expect(await addButton(page.locator("main")).count()).toBe(1 + (await similar.count()));

    await page.goto("/search?q=Aurora");
    await expect(addButton(page.locator("main article"))).toHaveCount(1);
  });

  test("adds from a category card and a search result reach the cart", async ({ page }) => {
    await open(page, "/accessories");
    const card = page.locator("main article").first();
    const name = (await card.locator("h3").textContent()) ?? "";
    await persisted(page, addButton(card));
    await expect(badge(page)).toHaveText("1");
    await open(page, "/search?q=Aurora");
    await persisted(page, addButton(page.locator("main article").first()));
    await expect(badge(page)).toHaveText("2");
    await open(page, "/cart-page");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-line").filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByTestId("cart-line").filter({ hasText: "Aurora ANC Wireless Headphones" })).toHaveCount(1);
  });
});

test.describe("badge, cart page and totals", () => {
  test("the badge counts units, survives a reload; the cart page shows lines, totals and deletes without a reload", async ({ page }) => {
    const a = byId("aurora-anc-headphones");
    const b = byId("coastline-polarized-sunglasses");
    await open(page, "/");
    await expect(badge(page)).toHaveCount(0);
    await expect(cartLink(page)).toHaveAttribute("aria-label", "Cart");

    await open(page, `/details-page/${a.id}`);
    await persisted(page, addButton(page.getByTestId("product-details")));
    await expect(badge(page)).toHaveText("1");
    await persisted(page, addButton(page.getByTestId("product-details")));
    await expect(badge(page)).toHaveText("2");
    await open(page, `/details-page/${b.id}`);
    await persisted(page, addButton(page.getByTestId("product-details")));
    await expect(badge(page)).toHaveText("3");
    await expect(cartLink(page)).toHaveAttribute("aria-label", "Cart, 3 items");

    await page.reload();
    await expect(badge(page)).toHaveText("3");
    await open(page, "/electronics");
    await expect(badge(page)).toHaveText("3");

    await open(page, "/cart-page");
    await expect(page).toHaveTitle("Cart | Storefront");
    expect(await page.locator('meta[name="robots"]').first().getAttribute("content")).toContain("noindex");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    const lineA = lines.filter({ hasText: a.name });
    await expect(lineA.locator("img")).toHaveAttribute("alt", a.name);
    await expect(lineA.getByTestId("unit-price")).toHaveText(usd(a.price));
    await expect(lineA.getByTestId("quantity")).toHaveValue("2");
    await expect(lineA.getByTestId("line-total")).toHaveText(usd(a.price * 2));
    await expect(lines.filter({ hasText: b.name }).getByTestId("line-total")).toHaveText(usd(b.price));
    const subtotal = Math.round(a.price * 100) * 2 + Math.round(b.price * 100);
    await expect(page.getByTestId("subtotal")).toHaveText(`Subtotal (3 items): ${usd(subtotal / 100)} USD`);

    // Delete without a full reload: the marker on window survives.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    // Each delete's answer is awaited: the reload below must find what the server kept, not cut a call in flight.
    await persisted(page, lineA.getByRole("button", { name: `Delete ${a.name}` }));
    await expect(lines).toHaveCount(1);
    await expect(badge(page)).toHaveText("1");
    await expect(page.getByTestId("subtotal")).toHaveText(`Subtotal (1 item): ${usd(b.price)} USD`);
    await persisted(page, lines.first().getByRole("button", { name: /^Delete/ }));
    await expect(page.getByText("no items in cart")).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await page.reload();
    await expect(page.getByText("no items in cart")).toBeVisible();
    await ready(page);
    await expect(badge(page)).toHaveCount(0);
  });

  test("a new visitor's cart page says 'no items in cart' and sets no cookie", async ({ page, context }) => {
    const response = await page.goto("/cart-page");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("no items in cart")).toBeVisible();
    await ready(page);
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
    expect((await context.cookies()).filter((c) => c.name.endsWith("sf_cart"))).toHaveLength(0);
  });
});

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

test.describe("one cart per shopper, live", () => {
  test("two visitors never see each other's cart", async ({ browser }) => {
    const one = await visitor(browser);
    const two = await visitor(browser);
    const a = byId("aurora-anc-headphones");
    const b = byId("coastline-polarized-sunglasses");

    await open(one.page, "/cart-page");
    await open(two.page, "/cart-page");
    await expect(two.page.getByText("no items in cart")).toBeVisible();

    const oneShop = await one.context.newPage();
    await open(oneShop, `/details-page/${a.id}`);
    await addButton(oneShop.getByTestId("product-details")).click();
    await expect(one.page.getByTestId("cart-line")).toHaveCount(1); // live, same visitor

    const twoShop = await two.context.newPage();
    await open(twoShop, `/details-page/${b.id}`);
    await addButton(twoShop.getByTestId("product-details")).click();
    await addButton(twoShop.getByTestId("product-details")).click();
    await expect(two.page.getByTestId("cart-line")).toHaveCount(1);
    await expect(two.page.getByTestId("cart-line")).toContainText(b.name);

    await one.page.waitForTimeout(1500);
    await expect(one.page.getByTestId("cart-line")).toHaveCount(1);
    await expect(one.page.getByTestId("cart-line")).toContainText(a.name);
    await expect(badge(one.page)).toHaveText("1");
    await expect(badge(two.page)).toHaveText("2");

    for (const page of [one.page, two.page]) await page.reload();
    await expect(one.page.getByTestId("cart-line")).toHaveText([new RegExp(escape(a.name))]);
    await expect(two.page.getByTestId("cart-line")).toHaveText([new RegExp(escape(b.name))]);
    // The cart API answers each visitor with their own cart only.
    const oneApi = await (await one.page.request.get("/api/cart")).json();
    const twoApi = await (await two.page.request.get("/api/cart")).json();
    expect(oneApi.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect(twoApi.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    await one.context.close();
    await two.context.close();
  });

  test("one visitor in two tabs sees adds and deletes live (delay of 20 changes measured)", async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page: tabA } = await visitor(browser);
    const tabB = await context.newPage();
    await open(tabA, "/");
    await open(tabB, "/cart-page");
    await expect(tabB.getByText("no items in cart")).toBeVisible();

    // Tab B records every change of its header badge with a timestamp.
    await tabB.evaluate(() => {
      const link = document.querySelector('header a[href="/cart-page"]')!;
      const w = window as unknown as { __seen: Array<[number, string]> };
      w.__seen = [];
      new MutationObserver(() => w.__seen.push([Date.now(), link.getAttribute("aria-label") ?? ""])).observe(link, {
        attributes: true,
        attributeFilter: ["aria-label"],
      });
    });
    const label = (n: number) => (n === 0 ? "Cart" : n === 1 ? "Cart, 1 item" : `Cart, ${n} items`);
    const delays: number[] = [];

    async function measure(expected: number, act: () => Promise<number>) {
      const clickedAt = await act();
      await expect(cartLink(tabB)).toHaveAttribute("aria-label", label(expected), { timeout: 10_000 });
      const seen = await tabB.evaluate(() => (window as unknown as { __seen: Array<[number, string]> }).__seen);
      const hit = seen.find(([at, text]) => at >= clickedAt && text === label(expected));
      expect(hit, `tab B never showed "${label(expected)}"`).toBeDefined();
      delays.push(hit![0] - clickedAt);
    }

    // 10 adds of 10 different products from tab A's home page...
    const names: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      names.push(demoProducts[i].name);
      await measure(i + 1, () =>
        tabA.evaluate((index) => {
          const buttons = [...document.querySelectorAll("main article button")] as HTMLButtonElement[];
          const at = Date.now();
          buttons[index].click();
          return at;
        }, i),
      );
      await expect(tabB.getByTestId("cart-line")).toHaveCount(i + 1);
    }
    await expect(tabB.getByTestId("cart-line")).toHaveCount(10);
    await expect(badge(tabA)).toHaveText("10");

    // ...then 10 deletes from tab A's cart page.
    await open(tabA, "/cart-page");
    await expect(tabA.getByTestId("cart-line")).toHaveCount(10);
    // The DOM click below does not wait like a user's would: the cart's own script must have hydrated it.
    await expect(tabA.getByRole("button", { name: /^Delete/ }).first()).toBeEnabled();
    for (let i = 0; i < 10; i += 1) {
      // Tab A must show the previous delete too: until then its first line is the one just
      // deleted, and a click on it deletes nothing (seen once: tab B stayed at 2 items).
      await expect(tabA.getByTestId("cart-line")).toHaveCount(10 - i);
      await expect(tabA.getByRole("button", { name: /^Delete/ }).first()).toBeEnabled();
      await measure(9 - i, () =>
        tabA.evaluate(() => {
          const button = document.querySelector('[data-testid="cart-line"] button[aria-label^="Delete"]') as HTMLButtonElement;
          const at = Date.now();
          button.click();
          return at;
        }),
      );
      await expect(tabB.getByTestId("cart-line")).toHaveCount(9 - i);
    }
    await expect(tabB.getByText("no items in cart")).toBeVisible();

    const sorted = [...delays].sort((x, y) => x - y);
    const median = (sorted[9] + sorted[10]) / 2;
    const worst = sorted[sorted.length - 1];
    console.log(
      `live cart update delay over ${delays.length} changes (click in tab A -> badge in tab B): median ${median} ms, worst ${worst} ms; all: ${delays.join(", ")}`,
    );
    expect(delays).toHaveLength(20);
    // A generous bound that still tells "live" from "on the next reload": the
    // target (p95 under 1 s, on both backends) is held by npm run bench, not here.
    expect(worst).toBeLessThan(5000);
    await context.close();
  });

  test("a session change reloads the cart and reconnects the stream", async ({ page, context }) => {
    await open(page, "/");
    // Answered first: an add still in flight stays on screen over any server cart until it settles
    // (lib/cart/cart-reducer.ts), so a late answer would hold the badge at 1 whatever the stream says.
    await persisted(page, addButton(page.getByRole("region", { name: "Top picks for you" }).locator("article").first()));
    await expect(badge(page)).toHaveText("1");
    // Another tab empties the cart while this one is told the session changed.
    const other = await context.newPage();
    await open(other, "/cart-page");
    await page.evaluate((sessionChanged) => window.dispatchEvent(new Event(sessionChanged)), SESSION_CHANGED_EVENT);
    await other
      .getByTestId("cart-line")
      .getByRole("button", { name: /^Delete/ })
      .click();
    await expect(badge(page)).toHaveCount(0);
    await addButton(page.getByRole("region", { name: "Top picks for you" }).locator("article").nth(1)).click();
    await expect(badge(other)).toHaveText("1");
  });

  test("a tab opened while the guest's cart had no line hears the next add made in another tab", async ({ page, context }) => {
    const topPicks = page.getByRole("region", { name: "Top picks for you" }).locator("article");
    await open(page, "/");
    await persisted(page, addButton(topPicks.first()));
    // To the cart and back by the header's links: one document, whose stream follows the cart throughout.
    await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).click();
    await persisted(page, page.getByTestId("cart-line").getByRole("button", { name: /^Delete/ }));
    await expect(badge(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Storefront home" }).click();
    await expect(topPicks.nth(2)).toBeVisible();
    // The cart has no line now: a stream opened now follows no cart (none per made-up guest cookie).
    const other = await context.newPage();
    await open(other, "/");
    await persisted(page, addButton(topPicks.nth(2)));
    await expect(badge(page)).toHaveText("1");
    await expect(badge(other)).toHaveText("1");
  });
});
