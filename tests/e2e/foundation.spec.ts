import { expect, test } from "@playwright/test";
import { authEmulatorHost, demoProducts } from "./support";

test.describe("server-rendered catalogue, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's HTML holds catalogue positions 1-40 in order, and nothing after", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const names = await page.locator("main article h3").allTextContents();
    expect(names).toEqual(demoProducts.slice(0, 40).map((p) => p.name));
    // Visible without script: none of it sits in a hidden, script-revealed block.
    await expect(page.locator("main article h3").first()).toBeVisible();
    await expect(page.locator("main article h3").last()).toBeAttached();
    expect(await page.locator("[hidden] article").count()).toBe(0);
    for (const later of demoProducts.slice(40)) await expect(page.locator("main")).not.toContainText(later.name);
  });

  test("the raw HTML response lists the names in order, in the document's markup", async ({ request }) => {
    const html = await (await request.get("/")).text();
    let from = 0;
    for (const product of demoProducts.slice(0, 40)) {
      const name = product.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
      const at = html.indexOf(`>${name}</h3>`, from);
      expect(at, `${product.name} after position ${from}`).toBeGreaterThan(-1);
      from = at;
    }
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain(`>${demoProducts[39].name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")}</h3>`);
    // The status boundary completed in the prerender: its fallback is not in the markup.
    expect(main).not.toContain("loading firebase data...");
  });

  test("every card links to its product's details page and shows its USD price", async ({ page }) => {
    await page.goto("/");
    const first = demoProducts[0];
    const card = page.locator("main article").first();
    await expect(card.locator("a")).toHaveAttribute("href", `/details-page/${first.id}`);
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(first.price);
    await expect(card).toContainText(usd);
  });
});

test("product images are local files that load", async ({ page }) => {
  await page.goto("/");
  const images = page.locator("main article img");
  await expect(images).toHaveCount(40);
  // Bring every lazy image into view, then check each decoded.
  for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
  // Wait for every image to finish (a broken one never does), then require all decoded.
  await expect
    .poll(
      () =>
        images.evaluateAll((nodes) =>
          (nodes as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc),
        ),
      { timeout: 20_000 },
    )
    .toEqual([]);
  const sources = await images.evaluateAll((nodes) => (nodes as HTMLImageElement[]).map((img) => img.currentSrc));
  // The source or a smaller copy made at build (lib/images/variants.ts), never the optimizer's on-demand encode.
  for (const src of sources) expect(src).toMatch(/^http:\/\/localhost:\d+\/(v\/\d+\/)?products\/[\w.-]+\.webp$/);
});

test("the health probe reports the embedded SQLite store", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true, store: "sqlite" });
  expect(response.headers()["cache-control"]).toContain("no-store");
});

test("the Auth emulator runs, with the local admin account start:local creates", async ({ request }) => {
  const response = await request.post(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email: "admin@storefront.local", password: "storefront-admin-local", returnSecureToken: true } },
  );
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.email).toBe("admin@storefront.local");
  expect(typeof body.idToken).toBe("string");
});

test("an unknown route answers 404", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
});
