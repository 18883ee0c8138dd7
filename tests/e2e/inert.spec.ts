/**
 * HTML and script payloads that are VALID input (a product name may contain
 * "<" and quotes) must show as text wherever they are displayed, never run or
 * become markup: products added through the admin form with such names and
 * details, then every place they appear (home, category, details page with
 * its <title>, meta description and JSON-LD, search results, cart, toast),
 * and search queries with the same payloads. A payload that ran would set
 * window.__pwned, open a dialog or leave one of its elements in the DOM.
 */
import { expect, test, type Page } from "@playwright/test";
import { SCRIPT_PAYLOADS } from "../helpers/bad-inputs";
import { collectDialogs, signInAsAdmin } from "./helpers/accounts";
import { productsNamed } from "./helpers/db";

const run = Date.now().toString(36);

/** Names within the 120-character limit, each tagged so the spec can find its own products. */
const PRODUCTS = [
  `<img src=x onerror="window.__pwned=1"> inert-${run}-a`,
  `</script><script>window.__pwned=1</script> inert-${run}-b`,
  `"><svg onload="window.__pwned=1"> {{7*7}} \${7*7} inert-${run}-c`,
  `\u202eRTL\u202c zero\u200bwidth \ud83d\ude00\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67 <b>bold</b> inert-${run}-d`,
].map((name, index) => ({
  name,
  details: `javascript:window.__pwned=${index} <a href="javascript:window.__pwned=1">click</a> </script><script>window.__pwned=1</script> <!-- \u2028 {{7*7}}`,
}));

/** Fails if anything from a payload ran or became an element, on the page as it is now. */
async function expectInert(page: Page, dialogs: string[], where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const scripts = Array.from(document.scripts);
    return {
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      // Elements only a payload would create; Next's own inline scripts carry the text as JSON strings.
      injected: [
        ...Array.from(document.querySelectorAll('img[src="x"], svg[onload], iframe[srcdoc], b, a[href^="javascript:" i]')).map(
          (e) => e.outerHTML,
        ),
        ...Array.from(document.querySelectorAll("*"))
          .filter((e) => Array.from(e.attributes).some((a) => /^on/i.test(a.name)))
          .map((e) => e.outerHTML.slice(0, 120)),
        ...scripts.filter((s) => /^\s*(window|parent)\.__pwned\s*=\s*1\s*$/.test(s.textContent ?? "")).map((s) => s.outerHTML),
      ],
      jsonLdBlocks: scripts.filter((s) => s.type === "application/ld+json").map((s) => s.textContent ?? ""),
    };
  });
  expect(found.pwned, `${where}: window.__pwned was set`).toBeUndefined();
  expect(found.injected, `${where}: payload elements in the DOM`).toEqual([]);
  expect(dialogs, `${where}: dialogs opened`).toEqual([]);
  for (const block of found.jsonLdBlocks) {
    expect(() => JSON.parse(block), `${where}: JSON-LD still parses`).not.toThrow();
    expect(block.toLowerCase(), `${where}: JSON-LD can close its script`).not.toContain("</script");
  }
}

test.describe.configure({ mode: "serial" });

const ids: string[] = [];

test("the admin adds products whose names and details are HTML and script payloads", async ({ page }) => {
  test.setTimeout(120_000);
  const dialogs = collectDialogs(page);
  await signInAsAdmin(page);
  for (const product of PRODUCTS) {
    await page.locator("#productName").fill(product.name);
    await page.locator("#productImage").fill("https://images.example.com/inert.jpg");
    await page.locator("#productPrize").fill("12.34");
    await page.locator("#productDetails").fill(product.details);
    await page.locator("#productType").selectOption("Electronics");
    await page.getByRole("button", { name: "Add product" }).click();
    // The confirmation quotes the name: as text.
    await expect(page.getByRole("status")).toHaveText(`Added “${product.name}” to the catalogue.`);
    const rows = await productsNamed(product.name);
    expect(rows, product.name).toHaveLength(1);
    ids.push(rows[0].id);
    await expectInert(page, dialogs, "admin form");
  }
});

test("home and category pages show the payloads as text", async ({ page }) => {
  const dialogs = collectDialogs(page);
  for (const path of ["/", "/electronics"]) {
    // A visitor's first request after the write may still get the previous
    // render while the fresh one is made (stale-while-revalidate): reload until it shows.
    await expect(async () => {
      await page.goto(path);
      for (const { name } of PRODUCTS) {
        // Carousels may keep a card off screen: its text is what matters.
        await expect(
          page
            .locator("main article h3")
            .filter({ hasText: name.slice(-12) })
            .first(),
        ).toHaveText(name, { timeout: 1_000 });
      }
    }).toPass({ timeout: 30_000 });
    await expectInert(page, dialogs, path);
  }
});

test("each details page shows the payload as text, in the heading, <title>, meta description and JSON-LD", async ({ page }) => {
  const dialogs = collectDialogs(page);
  for (const [index, { name, details }] of PRODUCTS.entries()) {
    await page.goto(`/details-page/${ids[index]}`);
    await expect(page.locator("main h1")).toHaveText(name);
    await expect(page.locator("main")).toContainText("javascript:window.__pwned=");
    await expect(page).toHaveTitle(`${name} | Storefront`);
    // The description is the details, flattened to one line: the payload as text, attribute-escaped.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      new RegExp(`^javascript:window\\.__pwned=${index} <a href="javascript:`),
    );
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd).toHaveLength(1);
    expect(JSON.parse(jsonLd[0])).toMatchObject({ "@type": "Product", name, description: details });
    await expectInert(page, dialogs, `details ${index}`);
  }
});

test("search shows matching payload products and payload queries as text", async ({ page }) => {
  const dialogs = collectDialogs(page);
  await page.goto(`/search?q=${encodeURIComponent(`inert-${run}`)}`);
  // The count line (the results' other status region says "Loading results" only while a view is on its way).
  await expect(page.locator("main").getByRole("status").filter({ hasText: "products" })).toHaveText(`${PRODUCTS.length} products`);
  for (const { name } of PRODUCTS) await expect(page.locator("main article h3").filter({ hasText: name.slice(-12) })).toHaveText(name);
  await expectInert(page, dialogs, "search by tag");

  for (const query of [...SCRIPT_PAYLOADS, "\u202eRTL\u200b \ud83d\ude00"]) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    const shown = query.trim();
    await expect(page.locator("main h1")).toHaveText(`Search results for "${shown}"`);
    await expect(page.locator('main input[type="search"]')).toHaveValue(shown);
    await expectInert(page, dialogs, `search ${query}`);
  }
});

test("Add to Cart shows the spec's toast and the cart lists the payload names as text", async ({ page }) => {
  const dialogs = collectDialogs(page);
  for (const [index, { name }] of PRODUCTS.entries()) {
    await page.goto(`/details-page/${ids[index]}`);
    await page
      .getByTestId("product-details")
      .getByRole("button", { name: /^Add to Cart/ })
      .click();
    await expect(page.locator(".cart-toast-success").last()).toContainText("added item to cart");
    await expectInert(page, dialogs, `toast for ${name}`);
  }
  await page.goto("/cart-page");
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(PRODUCTS.length);
  for (const { name } of PRODUCTS)
    await expect(
      lines
        .filter({ hasText: name.slice(-12) })
        .getByRole("link")
        .first(),
    ).toHaveText(name);
  await expectInert(page, dialogs, "cart page");
});
