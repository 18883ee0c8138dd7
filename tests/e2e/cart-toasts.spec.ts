import { expect, test, type Locator, type Page } from "@playwright/test";
import { pageReady as ready } from "./helpers/page-ready";

/**
 * The cart's toasts (react-hot-toast): their kinds, corners, timing and
 * hover. Their subject sits above the store, the same code on either, so
 * they run in the SQLite pass alone (tests/e2e/passes.json); the adds the
 * toasts follow are cart.spec.ts's, on both stores.
 */

const badge = (page: Page) => page.getByTestId("cart-count");
const addButton = (scope: Locator | Page) => scope.getByRole("button", { name: /^Add to Cart/ });
const toasts = (page: Page) => page.locator(".cart-toast");

async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
}

test.describe("cart toasts", () => {
  // Their enter and exit animations are measured: the default visitor's motion (playwright.config.ts).
  test.use({ reducedMotion: "no-preference" });

  test("new product: success 'added item to cart'; again: info 'increased product quantity'; bottom-right; auto-close", async ({
    page,
  }) => {
    await open(page, "/");
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    const firstCard = page.getByRole("region", { name: "Top picks for you" }).locator("article").first();

    // When the success toast enters and leaves the document, on the page's own clock: the test's round trips
    // to the browser (slower on a busy machine) never shift the figures.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { successToast: typeof times }).successToast = times;
      const present = () => [...document.querySelectorAll(".cart-toast")].some((el) => el.textContent?.includes("added item to cart"));
      new MutationObserver(() => {
        if (times.shown === undefined && present()) times.shown = performance.now();
        else if (times.shown !== undefined && times.gone === undefined && !present()) times.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    /** Each toast is measured once its enter animation (a scale from the corner) has settled, while it is up. */
    const atBottomRight = (toast: Locator) =>
      expect
        .poll(
          async () => {
            const box = await toast.boundingBox();
            return (
              box !== null &&
              box.x + box.width > viewport.width - 40 &&
              box.y + box.height > viewport.height - 200 &&
              box.x > viewport.width / 2
            );
          },
          { message: "toast at the bottom right" },
        )
        .toBe(true);

    await addButton(firstCard).click();
    // The pointer off the toasts: a hovered toast stays open.
    await page.mouse.move(10, 10);
    const success = toasts(page).filter({ hasText: "added item to cart" });
    await expect(success).toHaveCount(1);
    await expect(success).toHaveClass(/cart-toast-success/);
    await expect(success).toHaveText("added item to cart");
    // react-hot-toast's success kind draws its checkmark icon; the info toast has the info emoji instead.
    await expect(badge(page)).toHaveText("1");
    await atBottomRight(success);

    await addButton(firstCard).click();
    await page.mouse.move(10, 10);
    const info = toasts(page).filter({ hasText: "increased product quantity" });
    await expect(info).toHaveCount(1);
    await expect(info).toHaveClass(/cart-toast-info/);
    await expect(info).toContainText("ℹ️");
    await expect(badge(page)).toHaveText("2");
    await atBottomRight(info);

    // Auto-close after 5000 ms (then the exit animation), as the page's own clock saw it: gone after 4.9 s and before 7.5 s.
    await expect(success).toHaveCount(0, { timeout: 15_000 });
    const { shown, gone } = await page.evaluate(
      () => (window as unknown as { successToast: { shown?: number; gone?: number } }).successToast,
    );
    expect(shown).toBeDefined();
    expect(gone).toBeDefined();
    expect(gone! - shown!).toBeGreaterThanOrEqual(4900);
    expect(gone! - shown!).toBeLessThan(7500);
  });

  test("hovering a toast keeps it open", async ({ page }) => {
    await open(page, "/");
    await addButton(page.getByRole("region", { name: "Top picks for you" }).locator("article").first()).click();
    const success = toasts(page).filter({ hasText: "added item to cart" });
    await expect(success).toHaveCount(1);
    await success.hover();
    await page.waitForTimeout(6500);
    await expect(success).toHaveCount(1);
    await page.mouse.move(10, 10);
    await expect(success).toHaveCount(0, { timeout: 8000 });
  });

  test("a refused add rolls back the badge and shows an error toast at the default top-right", async ({ page }) => {
    await open(page, "/");
    await page.route("**/*", (route) =>
      route.request().method() === "POST" && route.request().headers()["next-action"] ? route.abort() : route.fallback(),
    );
    await addButton(page.getByRole("region", { name: "Top picks for you" }).locator("article").first()).click();
    await expect(page.locator(".cart-toast-error")).toHaveCount(1);
    await expect(page.locator(".cart-toast-error")).toContainText("Please try again");
    await expect(badge(page)).toHaveCount(0);
    const box = await page.locator(".cart-toast-error").boundingBox();
    expect(box && box.y).toBeLessThan(200);
    await page.unroute("**/*");
    await page.reload();
    await ready(page);
    await expect(badge(page)).toHaveCount(0);
  });
});
