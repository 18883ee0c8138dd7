import { expect, test, type Page } from "@playwright/test";
import { demoProducts } from "./support";
import { sitemapUrls } from "./helpers/sitemap";
import { ownContexts } from "./helpers/own-contexts";

const newContext = ownContexts(test);

const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
const byType = (type: string) => demoProducts.filter((p) => p.type === type);

/** The canonical and OpenGraph tags a page carries, as absolute URLs. */
async function seoTags(page: Page) {
  const content = (selector: string) => page.locator(selector).first().getAttribute("content");
  return {
    canonical: await page.locator('link[rel="canonical"]').first().getAttribute("href"),
    description: await content('meta[name="description"]'),
    ogTitle: await content('meta[property="og:title"]'),
    ogDescription: await content('meta[property="og:description"]'),
    ogUrl: await content('meta[property="og:url"]'),
    ogImage: (await page.locator('meta[property="og:image"]').count()) > 0 ? await content('meta[property="og:image"]') : null,
  };
}

test.describe("category pages", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("carry their products in the HTML itself, not behind a loading fallback", async ({ page }) => {
      for (const [path, type, limit] of [
        ["/electronics", "Electronics", 12],
        ["/accessories", "Accessories", 8],
        ["/books", "Book", 12],
        ["/sport", "Sport", 12],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("main article h3")).toHaveText(
          byType(type)
            .slice(0, limit)
            .map((p) => p.name),
        );
        expect(await page.locator("[hidden] article").count()).toBe(0);
        // The prerendered page is complete: the streaming fallback never reaches it.
        await expect(page.getByText("Loading from firebase")).toHaveCount(0);
      }
    });
  });

  test("electronics lists exactly the 12 newest electronics, with title and blurb", async ({ page, baseURL }) => {
    const response = await page.goto("/electronics");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Electronics | Storefront");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electronics");
    await expect(page.locator("main header p")).toContainText("gadgets");
    const names = await page.locator("main article h3").allTextContents();
    expect(byType("Electronics").length).toBeGreaterThan(12);
    expect(names).toEqual(
      byType("Electronics")
        .slice(0, 12)
        .map((p) => p.name),
    );
    await expect(page.getByText("Loading from firebase")).toHaveCount(0);
    const tags = await seoTags(page);
    expect(tags.canonical).toBe(`${baseURL}/electronics`);
    expect(tags.ogUrl).toBe(`${baseURL}/electronics`);
    expect(tags.ogTitle).toBe("Electronics | Storefront");
    expect(tags.description).toMatch(/electronics/i);
  });

  test("accessories lists exactly 8 accessories, each card with its USD price", async ({ page, baseURL }) => {
    const response = await page.goto("/accessories");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Accessories | Storefront");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessories");
    await expect(page.locator("main header p")).toContainText("wallets");
    const expected = byType("Accessories").slice(0, 8);
    expect(byType("Accessories").length).toBeGreaterThan(8);
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    expect(await cards.locator("h3").allTextContents()).toEqual(expected.map((p) => p.name));
    for (const [index, product] of expected.entries()) {
      await expect(cards.nth(index)).toContainText(usd(product.price));
      await expect(cards.nth(index).locator("a")).toHaveAttribute("href", `/details-page/${product.id}`);
    }
    const tags = await seoTags(page);
    expect(tags.canonical).toBe(`${baseURL}/accessories`);
    expect(tags.ogUrl).toBe(`${baseURL}/accessories`);
  });
});

test.describe("details page", () => {
  test.use({ javaScriptEnabled: false });
  const product = demoProducts.find((p) => p.id === "meridian-automatic-watch") ?? demoProducts[0];

  test("shows the product's name, image, details and USD price, and its Add to Cart button", async ({ page }) => {
    const response = await page.goto(`/details-page/${product.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${product.name} | Storefront`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    // The product's own article comes first; "More like this" follows with its cards.
    const details = page.locator("main article").first();
    const image = details.locator("img");
    await expect(image).toHaveAttribute("alt", product.name);
    // priority: not lazy, and preloaded from the head (LCP).
    await expect(image).not.toHaveAttribute("loading", "lazy");
    await expect(page.locator(`head link[rel="preload"][as="image"][imagesrcset*="${product.id}"]`)).toHaveCount(1);
    await expect(page.locator("main")).toContainText("sapphire");
    await expect(page.locator("main")).toContainText(`${usd(product.price)}`);
    await expect(page.locator("main")).toContainText("USD");
    // Its only control is Add to Cart (server-rendered, so it is there even before scripts run).
    await expect(details.locator("button")).toHaveCount(1);
    await expect(details.locator("button")).toHaveText(`Add to Cart: ${product.name}`);
  });

  test("carries canonical, OpenGraph tags and an absolute og:image", async ({ page, baseURL }) => {
    await page.goto(`/details-page/${product.id}`);
    const tags = await seoTags(page);
    expect(tags.canonical).toBe(`${baseURL}/details-page/${product.id}`);
    expect(tags.ogUrl).toBe(`${baseURL}/details-page/${product.id}`);
    expect(tags.ogTitle).toBe(`${product.name} | Storefront`);
    expect(tags.ogDescription).toMatch(/self-winding/i);
    expect(tags.ogImage).toBe(`${baseURL}${product.image}`);
  });

  test("embeds schema.org Product JSON-LD with a USD offer", async ({ page, baseURL }) => {
    await page.goto(`/details-page/${product.id}`);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? "");
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe(product.name);
    expect(data.image).toEqual([`${baseURL}${product.image}`]);
    expect(data.sku).toBe(product.id);
    expect(data.description).toContain("sapphire");
    expect(data.offers).toMatchObject({
      price: product.price.toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `${baseURL}/details-page/${product.id}`,
    });
  });
});

test("a product's page and the payload a client navigation fetches are never served stale by the browser: their stale-while-revalidate is for CDNs", async ({
  request,
}) => {
  // A browser honours stale-while-revalidate: with Next's header, a navigation back to a product
  // page it had fetched showed its cached copy, old name, price and photos, after an edit.
  const path = `/details-page/${demoProducts[0].id}`;
  for (const [what, url, headers] of [
    ["the page", path, {}],
    ["its RSC payload", `${path}?_rsc=x`, { RSC: "1" }],
  ] as const) {
    const response = await request.get(url, { headers });
    expect(response.status(), what).toBe(200);
    expect(response.headers()["cache-control"], what).toMatch(/^max-age=0, s-maxage=\d+$/);
    expect(response.headers()["cdn-cache-control"], what).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/);
  }
});

test.describe("details page of an unknown product", () => {
  // Answered before the page renders (proxy.ts): the site's not-found page,
  // whole in the server HTML, since Next's notFound() in an on-demand
  // prerender sends an empty body until JavaScript runs.
  for (const id of ["no-such-product", "bad%20id%3Cscript%3E"]) {
    test(`an unknown id (${id}) answers 404 with a readable page: lang, a title, one noindex, "no posts", no shared caching`, async ({
      request,
    }) => {
      const response = await request.get(`/details-page/${id}`, { failOnStatusCode: false });
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toMatch(/<html lang="en"/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex"/>']);
      expect(html).toContain('<p class="status-text">no posts.');
      expect(html).not.toContain("application/ld+json");
      // A product added a moment later must not stay "not found" in a shared cache.
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl).toMatch(/no-store/);
      expect(cacheControl).not.toMatch(/s-maxage|public/);
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the page reads: the heading, the spec's words and the way back", async ({ page }) => {
      const response = await page.goto("/details-page/no-such-product");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.locator("main")).toContainText("no posts");
      await expect(page.locator("main").getByRole("link", { name: "Back to the shop" })).toHaveAttribute("href", "/");
    });
  });
});

test("the home page carries canonical and OpenGraph tags", async ({ page, baseURL }) => {
  await page.goto("/");
  const tags = await seoTags(page);
  // Next writes the root URL without its trailing slash.
  expect(new URL(tags.canonical ?? "").href).toBe(`${baseURL}/`);
  expect(new URL(tags.ogUrl ?? "").href).toBe(`${baseURL}/`);
  expect(tags.ogTitle).toBeTruthy();
  expect(tags.ogDescription).toMatch(/US dollars/);
});

test("every indexable page has OpenGraph and Twitter images that answer 200, and the favicon is there", async ({
  page,
  request,
  baseURL,
}) => {
  for (const path of ["/", "/electronics", "/accessories", `/details-page/${demoProducts[0].id}`]) {
    await page.goto(path);
    const og = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    const twitter = await page.locator('meta[name="twitter:image"]').first().getAttribute("content");
    expect(await page.locator('meta[name="twitter:card"]').getAttribute("content"), path).toBe("summary_large_image");
    for (const url of [og, twitter]) {
      expect(url, path).toMatch(new RegExp(`^${baseURL}/`));
      expect((await request.get(url!)).status(), url!).toBe(200);
    }
  }
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
});

test("the sitemap index names its parts, which list the home, every category's listing pages and every product page as absolute URLs", async ({
  request,
  baseURL,
}) => {
  const index = await (await request.get("/sitemap.xml")).text();
  expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([`${baseURL}/sitemap/0.xml`]);
  const locs = await sitemapUrls(request);
  // The demo's 14 electronics and 10 accessories fill two pages each (12 and 8 a page); 12 books and 12 sport one.
  expect(locs.slice(0, 7)).toEqual([
    `${baseURL}/`,
    `${baseURL}/electronics`,
    `${baseURL}/electronics?page=2`,
    `${baseURL}/accessories`,
    `${baseURL}/accessories?page=2`,
    `${baseURL}/books`,
    `${baseURL}/sport`,
  ]);
  const productUrls = locs.filter((loc) => loc.includes("/details-page/"));
  expect(demoProducts).toHaveLength(48);
  expect(productUrls.sort()).toEqual(demoProducts.map((p) => `${baseURL}/details-page/${p.id}`).sort());
  expect(locs).toHaveLength(55);
  for (const loc of locs) expect(loc).toMatch(/^https?:\/\//);
  // A part is kept an hour by shared caches (the CDN), and asked again by browsers, as its route sets it;
  // self-hosted, its stale-while-revalidate is said to CDNs only (lib/http/cdn-directives.ts).
  const part = await request.get("/sitemap/0.xml");
  expect(part.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(part.headers()["cache-control"]).toBe("max-age=0, public, s-maxage=3600");
  expect(part.headers()["cdn-cache-control"]).toBe("max-age=3600, stale-while-revalidate=86400");
  expect((await request.get("/sitemap/1.xml")).status()).toBe(404);
});

test("robots.txt keeps private pages out and points at the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  for (const path of ["/admin-entry", "/admin-signin", "/cart-page", "/search", "/api/"]) {
    expect(text).toContain(`Disallow: ${path}`);
  }
  expect(text).toMatch(/User-Agent: \*/i);
});

test.describe("search", () => {
  test("finds a product by a word in its name", async ({ page }) => {
    const response = await page.goto("/search?q=Aurora");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "Aurora"');
    await expect(page.locator("main article h3")).toHaveText(["Aurora ANC Wireless Headphones"]);
    const robots = await page.locator('meta[name="robots"]').first().getAttribute("content");
    expect(robots).toContain("noindex");
  });

  test("finds a product by a word only in its details, from the page's own form", async ({ page }) => {
    await page.goto("/search");
    await expect(page.locator("main")).toContainText("no posts");
    await page.getByLabel("Search the catalogue").fill("  SAPPHIRE ");
    await page.locator("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\/SAPPHIRE$/);
    await expect(page.locator("main article h3")).toHaveText(["Meridian Automatic Watch"]);
    await expect(page.getByLabel("Search the catalogue")).toHaveValue("SAPPHIRE");
  });

  test("a repeated search is served from the page cache, not rendered again", async ({ request }) => {
    // A query of its own, so no earlier test has cached it.
    const query = `Aurora ${Date.now().toString(36)}`;
    const path = `/search?q=${encodeURIComponent(query)}`;
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(`Search results for &quot;${query}&quot;`);
      answers.push(response.headers()["x-nextjs-cache"] ?? "none");
    }
    // The first answer streams while it renders; once stored, the page is a cache hit.
    expect(answers.at(-1)).toBe("HIT");
  });

  test("a query with a slash, a percent sign or a question mark is searched as typed", async ({ page }) => {
    for (const query of ["a/b", "100%", "what?", "x&y"]) {
      const response = await page.goto(`/search?q=${encodeURIComponent(query)}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for "${query}"`);
    }
  });

  test("finds products despite a typo, a plural, capitals or a word written apart, best match first", async ({ page }) => {
    const searches = [
      ["headphnes", "Aurora ANC Wireless Headphones"],
      ["watches", "Meridian Automatic Watch"],
      ["Laptops", "Trailpack 22L Daypack"],
      ["ear buds", "Airlet Pro Wireless Earbuds"],
    ];
    for (const [query, first] of searches) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for "${query}"`);
      await expect(page.locator("main article h3").first(), query).toHaveText(first);
    }
  });

  test('shows "no posts" when nothing matches', async ({ page }) => {
    await page.goto("/search?q=zzqxnonsense");
    await expect(page.locator("main")).toContainText("no posts");
    await expect(page.locator("main article")).toHaveCount(0);
  });
});

test("a product's page shows 'more like this': its type's products nearest in price, itself never among them, without JavaScript too", async ({
  browser,
}) => {
  const page = await (await newContext(browser, { javaScriptEnabled: false })).newPage();
  const cents = (p: { price: number }) => Math.round(p.price * 100);
  for (const shown of [byType("Sport")[0], byType("Accessories")[0]]) {
    const nearest = byType(shown.type)
      .filter((p) => p.id !== shown.id)
      .sort(
        (a, b) =>
          Math.abs(cents(a) - cents(shown)) - Math.abs(cents(b) - cents(shown)) ||
          cents(a) - cents(b) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .slice(0, 12);
    await page.goto(`/details-page/${shown.id}`);
    const carousel = page.getByRole("region", { name: "More like this" });
    await expect(carousel.getByRole("heading", { level: 2 })).toHaveText("More like this");
    await expect(carousel.locator("article h3")).toHaveText(nearest.map((p) => p.name));
  }
});
