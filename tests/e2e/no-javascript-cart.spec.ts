/**
 * The cart with JavaScript off (a slow phone before its scripts arrive,
 * scripts blocked): Add to Cart on home, a category, a details page and a
 * search page posts its form and answers with the cart page that works
 * without JavaScript (app/cart-page/without-javascript/route.ts), where
 * quantities change and lines are deleted by forms too. The cart is the
 * same one the JavaScript pages show.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { demoProducts } from "./support";
import { escapeRegExp as escape } from "./helpers/escape-regexp";

const PATH = "/cart-page/without-javascript";
const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
const [lamp, mug] = [demoProducts[0], demoProducts[1]];
const categoryPath = (type: string) => `/${type.toLowerCase()}`;

async function browserWithoutJavascript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

/** Clicks the Add to Cart of `name` on the current page and waits for the cart page it answers with. */
async function addFromPage(page: Page, name: string) {
  const button = page.getByRole("button", { name: new RegExp(`^Add to Cart\\W+${escape(name)}$`) }).first();
  await Promise.all([page.waitForURL((url) => url.pathname === PATH), button.click()]);
}

const lines = (page: Page) => page.getByTestId("cart-line");
const line = (page: Page, name: string) => lines(page).filter({ hasText: name });

test("Add to Cart without JavaScript, from home, a category, a details page and a search: each posts and answers with the cart", async ({
  browser,
}) => {
  const { context, page } = await browserWithoutJavascript(browser);
  await page.goto("/");
  // The header's Sign In is a link a browser without JavaScript shows and follows (its sign-in page says what it needs).
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/sign-page");
  await addFromPage(page, lamp.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
  await expect(page.getByRole("status")).toHaveText(`added item to cart: “${lamp.name}”`);
  await expect(line(page, lamp.name).getByLabel("Quantity")).toHaveValue("1");

  await page.goto(categoryPath(lamp.type));
  await addFromPage(page, lamp.name);
  await expect(page.getByRole("status")).toHaveText(`increased product quantity: “${lamp.name}”`);
  await expect(line(page, lamp.name).getByLabel("Quantity")).toHaveValue("2");

  await page.goto(`/details-page/${mug.id}`);
  await addFromPage(page, mug.name);
  await expect(page.getByRole("status")).toHaveText(`added item to cart: “${mug.name}”`);

  await page.goto(`/search?q=${encodeURIComponent(mug.name)}`);
  await addFromPage(page, mug.name);
  await expect(lines(page)).toHaveCount(2);
  await expect(line(page, mug.name).getByLabel("Quantity")).toHaveValue("2");
  await expect(page.getByText(/^Subtotal \(4 items\):/)).toContainText(usd(2 * lamp.price + 2 * mug.price));
  // Reloading the answer shows the cart again; it never posts twice.
  await page.reload();
  await expect(line(page, mug.name).getByLabel("Quantity")).toHaveValue("2");
  await context.close();
});

test("the cart without JavaScript: the cart page links to it, quantities change and lines are deleted by forms", async ({ browser }) => {
  const { context, page } = await browserWithoutJavascript(browser);
  await page.goto(`/details-page/${lamp.id}`);
  await addFromPage(page, lamp.name);

  // The header's cart link leads to the JavaScript page, whose cart streams in behind a script: it links here.
  await page.goto("/cart-page");
  await Promise.all([page.waitForURL((url) => url.pathname === PATH), page.getByRole("link", { name: "See your cart" }).click()]);
  await expect(line(page, lamp.name)).toHaveCount(1);

  await line(page, lamp.name).getByLabel("Quantity").fill("3");
  await line(page, lamp.name)
    .getByRole("button", { name: `Update the quantity of ${lamp.name}` })
    .click();
  await expect(page.getByRole("status")).toHaveText(`Updated the quantity of “${lamp.name}”.`);
  await expect(line(page, lamp.name).getByLabel("Quantity")).toHaveValue("3");
  await expect(page.getByText(/^Subtotal \(3 items\):/)).toContainText(usd(3 * lamp.price));

  await line(page, lamp.name)
    .getByRole("button", { name: `Delete ${lamp.name}` })
    .click();
  await expect(page.getByRole("status")).toHaveText(`Removed “${lamp.name}” from your cart.`);
  await expect(page.getByText("no items in cart")).toBeVisible();
  await context.close();
});

test("a bad cart form changes nothing and says why; one from another site is refused", async ({ browser, baseURL }) => {
  const { context, page } = await browserWithoutJavascript(browser);
  await page.goto(`/details-page/${lamp.id}`);
  await addFromPage(page, lamp.name);
  const post = (form: Record<string, string>, origin = baseURL!) =>
    context.request.post(PATH, { form, headers: { origin }, maxRedirects: 0 });

  for (const [form, words] of [
    [{ intent: "set", productId: lamp.id, quantity: "1000" }, "Choose a quantity from 1 to 999."],
    [{ intent: "set", productId: lamp.id, quantity: "two" }, "Choose a quantity from 1 to 999."],
    [{ intent: "add", productId: "no such/product" }, "That product could not be added: its id is not valid."],
    [{ intent: "add", productId: "no-such-product" }, "That product is no longer available."],
    [{ intent: "empty-the-shop", productId: lamp.id }, "That product could not be added: its id is not valid."],
  ] as const) {
    const answer = await post(form);
    expect(answer.status(), JSON.stringify(form)).toBe(303);
    await page.goto(answer.headers().location);
    await expect(page.getByRole("alert"), JSON.stringify(form)).toHaveText(words);
    await expect(line(page, lamp.name).getByLabel("Quantity")).toHaveValue("1");
    await expect(lines(page)).toHaveCount(1);
  }
  const crossSite = await post({ intent: "remove", productId: lamp.id }, "https://attacker.example");
  expect(crossSite.status()).toBe(403);
  // A form type the proxy's matcher does not spell (it is case-sensitive) would pass no gate: the route refuses it.
  const oddlyTyped = await context.request.post(PATH, {
    data: `intent=remove&productId=${lamp.id}`,
    headers: { "content-type": "Application/X-WWW-Form-Urlencoded", origin: "https://attacker.example" },
    maxRedirects: 0,
  });
  expect(oddlyTyped.status()).toBe(415);
  await page.reload();
  await expect(lines(page)).toHaveCount(1);
  await context.close();
});

test("the page made without JavaScript is the same cart the JavaScript pages show", async ({ browser }) => {
  const { context, page } = await browserWithoutJavascript(browser);
  await page.goto(`/details-page/${mug.id}`);
  await addFromPage(page, mug.name);
  const cart = (await (await context.request.get("/api/cart")).json()) as { items: Array<{ id: string; cartQuantity: number }> };
  expect(cart.items.map((item) => [item.id, item.cartQuantity])).toEqual([[mug.id, 1]]);
  await context.close();
});
