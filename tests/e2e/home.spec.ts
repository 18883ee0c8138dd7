import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./helpers/axe";
import { tabTo } from "./helpers/keyboard";
import { demoProducts } from "./support";

// The home page's own subject includes its motion (the hero's autoplay, the carousels' moves): the
// default visitor, who states no preference, not the suite's reduced motion (playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

const product = (position: number) => demoProducts[position - 1];
const hero = (page: Page) => page.getByRole("region", { name: "Featured offers" });
const currentHeroSlide = (page: Page) => hero(page).locator('[aria-roledescription="slide"][aria-current="true"]');

/** The slides of `carousel` that lie entirely inside its clipping viewport. */
async function slidesInView(carousel: Locator): Promise<number> {
  return carousel.evaluate((root) => {
    const slides = [...root.querySelectorAll('[aria-roledescription="slide"]')];
    const viewport = slides[0]?.parentElement?.parentElement;
    if (!viewport) return 0;
    const box = viewport.getBoundingClientRect();
    return slides.filter((slide) => {
      const r = (slide.firstElementChild ?? slide).getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });
}

test.describe("home page sections", () => {
  test("positions 1-6 are price cards, 7 opens the first carousel, 40 is the last shown, 41 is absent", async ({ page }) => {
    await page.goto("/");
    const priceCards = page.getByRole("region", { name: "Top picks for you" }).locator("article");
    await expect(priceCards).toHaveCount(6);
    await expect(priceCards.nth(5).locator("h3")).toHaveText(product(6).name);
    await expect(priceCards.nth(5).locator("a")).toHaveAttribute("href", `/details-page/${product(6).id}`);
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(product(6).price);
    await expect(priceCards.nth(5)).toContainText(usd);
    // Each price card has exactly one button, its Add to Cart (outside the card's link).
    await expect(priceCards.getByRole("button")).toHaveCount(6);
    await expect(priceCards.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(6);
    await expect(priceCards.locator("a button")).toHaveCount(0);

    const first = page.getByRole("region", { name: "Popular products in Apparel internationally" });
    await expect(first.locator("article h3").first()).toHaveText(product(7).name);
    await expect(first.locator("article")).toHaveCount(9);
    const second = page.getByRole("region", { name: "Related to items you have viewed" });
    await expect(second.locator("article h3")).toHaveText(demoProducts.slice(15, 24).map((p) => p.name));

    const singles = page.getByRole("region", { name: /^More to explore, set \d$/ });
    await expect(singles).toHaveCount(4);
    const counts = await Promise.all([0, 1, 2, 3].map((i) => singles.nth(i).locator("article").count()));
    expect(counts).toEqual([5, 3, 4, 4]);
    await expect(singles.nth(3).locator("article h3").last()).toHaveText(product(40).name);
    await expect(singles.nth(0).locator("article h3").first()).toHaveText(product(25).name);

    await expect(page.locator("main")).not.toContainText(product(41).name);
    await expect(page.locator("main article")).toHaveCount(40);
  });

  test("the carousels carry the spec's titles and slide labels", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("main h2")).toContainText([
      "Just Electronics",
      "Shop for Accessories",
      "Top picks for you",
      "Popular products in Apparel internationally",
      "Related to items you have viewed",
      "More to explore",
    ]);
    const first = page.getByRole("region", { name: "Popular products in Apparel internationally" });
    await expect(first).toHaveAttribute("aria-roledescription", "carousel");
    await expect(first.locator('[aria-roledescription="slide"]').first()).toHaveAttribute("aria-label", "1 of 9");
    await expect(hero(page).locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expect(hero(page).locator('[aria-roledescription="slide"]').nth(3)).toHaveAttribute("aria-label", "4 of 4");
    await expect(page.locator("main")).not.toContainText("no posts");
  });

  test("the two category cards link to their pages and show 4 items each", async ({ page }) => {
    await page.goto("/");
    for (const [title, href, labels] of [
      ["Just Electronics", "/electronics", ["Headphones", "Laptops", "Smartwatches", "Cameras"]],
      ["Shop for Accessories", "/accessories", ["Backpacks", "Sunglasses", "Wallets", "Watches"]],
    ] as const) {
      const card = page.getByRole("link", { name: new RegExp(`^${title}`) });
      await expect(card).toHaveAttribute("href", href);
      await expect(card.locator("li")).toHaveText([...labels]);
      await expect(card.locator("li img")).toHaveCount(4);
    }
  });
});

test.describe("hero carousel", () => {
  test("the first hero image is preloaded, has its headline as alt text and reserves its space", async ({ page }) => {
    await page.goto("/");
    const first = hero(page).locator("img").first();
    await expect(first).toHaveAttribute("alt", /up to 40% off summer favourites/i);
    await expect(first).not.toHaveAttribute("loading", "lazy");
    await expect(page.locator('head link[rel="preload"][as="image"]').first()).toHaveAttribute("imagesrcset", /hero-1/);
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width / box!.height).toBeCloseTo(2.5, 1);
  });

  test("autoplays every 4 s, not before, and pauses on hover", async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(new Date("2030-01-01T00:00:00Z"));
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-autoplay", "on");
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "1 of 4");
    await page.clock.runFor(3_500);
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "1 of 4");
    await page.clock.runFor(700);
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "2 of 4");
    await page.clock.runFor(4_000);
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "3 of 4");

    await hero(page).hover();
    await page.clock.runFor(10_000);
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "3 of 4");
    await page.mouse.move(5, 5);
    await page.clock.runFor(4_100);
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "4 of 4");
  });

  test("pauses while focus is inside, and the arrows are keyboard operable", async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(new Date("2030-01-01T00:00:00Z"));
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-autoplay", "on");
    const next = hero(page).getByRole("button", { name: "Next slide" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "2 of 4");
    await page.clock.runFor(10_000);
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "2 of 4");
    await page.keyboard.press("Space");
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "3 of 4");
    await hero(page).getByRole("button", { name: "Previous slide" }).press("Enter");
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "2 of 4");
  });

  // Issue 38, item 11 (WCAG 2.2.2): a visible Pause button the keyboard
  // reaches; paused, the slides stay still until Play, whatever the pointer
  // and focus do, and stay paused while the page is open (away and back).
  for (const width of [390, 1280]) {
    test(`a visible Pause button, reached by keyboard, stops the slides until Play, remembered while the page is open, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.clock.install();
      await page.clock.pauseAt(new Date("2030-01-01T00:00:00Z"));
      await page.goto("/");
      await expect(hero(page)).toHaveAttribute("data-autoplay", "on");
      const pause = hero(page).getByRole("button", { name: "Pause slides" });
      await expect(pause).toBeVisible();
      const box = await pause.boundingBox();
      expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(24);
      await tabTo(page, pause);
      await page.keyboard.press("Enter");
      const play = hero(page).getByRole("button", { name: "Play slides" });
      await expect(play).toBeFocused();
      await expect(hero(page)).toHaveAttribute("data-autoplay", "off");

      // Focus and pointer come and go: still paused.
      await page.keyboard.press("Tab");
      await page.getByRole("link", { name: "Storefront home" }).focus();
      await hero(page).hover();
      await page.mouse.move(5, 5);
      await page.clock.runFor(12_000);
      await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "1 of 4");

      // Away to a category and back, in the same page: still paused.
      await page.getByRole("contentinfo").getByRole("link", { name: "Accessories" }).click();
      await expect(page).toHaveURL(/\/accessories$/);
      await page.getByRole("link", { name: "Storefront home" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(play).toBeVisible();
      await expect(hero(page)).toHaveAttribute("data-autoplay", "off");
      await page.clock.runFor(12_000);
      await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "1 of 4");

      // Play starts the slides at once, though focus is on the button, inside the hero.
      await tabTo(page, play);
      await page.keyboard.press("Space");
      await expect(pause).toBeFocused();
      await expect(hero(page)).toHaveAttribute("data-autoplay", "on");
      await page.clock.runFor(4_100);
      await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "2 of 4");

      // axe waits on timers: the clock runs again for it.
      await page.clock.resume();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("does not autoplay under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.clock.pauseAt(new Date("2030-01-01T00:00:00Z"));
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-autoplay", "off");
    // Still, and the button says so: Play starts the slides only when asked.
    await expect(hero(page).getByRole("button", { name: "Play slides" })).toBeVisible();
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "1 of 4");
    await page.clock.runFor(12_000);
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "1 of 4");
    await hero(page).getByRole("button", { name: "Next slide" }).click();
    await expect(currentHeroSlide(page)).toHaveAttribute("aria-label", "2 of 4");
  });
});

test.describe("product carousels", () => {
  for (const [width, perView] of [
    [1280, 6],
    [800, 3],
    [560, 2],
    [400, 1],
  ] as const) {
    test(`show ${perView} slide(s) per view at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      for (const name of ["Popular products in Apparel internationally", "Related to items you have viewed"]) {
        expect(await slidesInView(page.getByRole("region", { name }))).toBe(perView);
      }
      // The single-item carousels show one product each.
      expect(await slidesInView(page.getByRole("region", { name: "More to explore, set 1" }))).toBe(1);
    });
  }

  test("the next and previous buttons scroll the carousel and work from the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-ready", "true");
    const carousel = page.getByRole("region", { name: "Popular products in Apparel internationally" });
    const prev = carousel.getByRole("button", { name: /^Previous products/ });
    const next = carousel.getByRole("button", { name: /^Next products/ });
    const lastSlide = carousel.locator('[aria-roledescription="slide"]').last();
    await expect(prev).toBeDisabled();
    await expect(lastSlide).not.toBeInViewport({ ratio: 0.9 });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(lastSlide).toBeInViewport({ ratio: 0.9 });
    await expect(next).toBeDisabled();
    await prev.press("Enter");
    await expect(carousel.locator('[aria-roledescription="slide"]').first()).toBeInViewport({ ratio: 0.9 });
  });
});

test("a carousel button pressed before its carousel has started starts it and makes the move", async ({ page }) => {
  // Product carousels start on the browser's first idle moment; with no idle
  // moment ever, only the press itself can start one.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    window.cancelIdleCallback = () => {};
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(hero(page)).toHaveAttribute("data-ready", "true");
  const carousel = page.getByRole("region", { name: "Popular products in Apparel internationally" });
  const lastSlide = carousel.locator('[aria-roledescription="slide"]').last();
  await expect(lastSlide).not.toBeInViewport({ ratio: 0.9 });
  await carousel.getByRole("button", { name: /^Next products/ }).click();
  await expect(lastSlide).toBeInViewport({ ratio: 0.9 });
  await expect(carousel.getByRole("button", { name: /^Previous products/ })).toBeEnabled();
});

test("no horizontal scrolling at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(hero(page)).toHaveAttribute("data-ready", "true");
  // Negative when the reserved scrollbar gutter (globals.css) leaves the page narrower than the window.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const heroBox = await hero(page).boundingBox();
  expect(heroBox!.x).toBeGreaterThanOrEqual(0);
  expect(heroBox!.x + heroBox!.width).toBeLessThanOrEqual(390);
});
