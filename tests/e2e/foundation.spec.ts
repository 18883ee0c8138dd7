import { expect, test } from "@playwright/test";
import { authEmulatorHost, demoProducts } from "./support";

test.describe("server-rendered catalogue, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's HTML holds the whole demo catalogue in order", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const names = await page.locator("main article h3").allTextContents();
    expect(names).toEqual(demoProducts.map((p) => p.name));
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
  await expect(images).toHaveCount(demoProducts.length);
  // Bring every lazy image into view, then check each decoded.
  for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
  const broken = await images.evaluateAll((nodes) =>
    (nodes as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
  );
  expect(broken).toEqual([]);
  const sources = await images.evaluateAll((nodes) => (nodes as HTMLImageElement[]).map((img) => img.currentSrc));
  for (const src of sources) expect(src).toMatch(/^http:\/\/localhost:\d+\/_next\/image\?url=%2Fproducts%2F/);
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
