import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./helpers/axe";
import { adminSession, createEmulatorAccount, signInByToken } from "./helpers/accounts";
import { demoProducts } from "./support";
import { pageReady } from "./helpers/page-ready";
import { fillAddressFields } from "./helpers/shopper-checkout";

/**
 * Every route at every width, in each state a shopper can be in: signed out,
 * signed in with a long name and a cart holding lines, and as the admin.
 * At each width: no horizontal scrolling, and every header control on the
 * screen and not covered. At a phone and a desktop width: axe-core with every
 * rule (WCAG 2.x A/AA, best practice, experimental) finds nothing, of any impact.
 * One sign-in per state; the widths are set on the same loaded page.
 *
 * Signed out, every route is walked and scanned. Signed in and as the admin,
 * the walk covers the pages that state changes (the header, the same on every
 * route, so "/" stands for it; the cart: lines, or an account's empty cart;
 * the admin's own pages) and, as samples of the shop's templates under that
 * header, the two sign-in pages and for the shopper a listing and a product
 * page. axe runs again on the header's page, the cart and the admin's pages
 * (the header's account parts add no heading, id or landmark a page's own
 * could clash with). The other routes are the signed-out page under the same
 * header, already walked and scanned at every width: walking them again
 * (about 3.5 s a route on CI) would check the same header over the same content.
 */

const WIDTHS = [320, 390, 768, 1280, 1920];
const AXE_WIDTHS = [390, 1280];
const LONG_NAME = "Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff Jr.";

const SHOP_ROUTES = [
  "/",
  "/electronics",
  // A sorted view's second page: the sort form, the count and the page links (the plain listing's template).
  "/accessories?sort=price-desc&page=2",
  `/details-page/${demoProducts[0].id}`,
  // A filtered view's page 1 (the form with its values, the count, "Clear filters", the page links).
  "/sport?sort=price-asc&min=5&max=99.99&stock=in",
  "/search?q=wireless",
  // A search's sorted, filtered view (its sort and filter form beside the search form).
  "/search?q=wireless&sort=price-desc&max=999&stock=in",
  "/cart-page",
  "/sign-page",
  "/admin-signin",
  "/forgot-password",
  // A reset link's page, here with a code Firebase does not know: its form, then what it says of a used link.
  "/new-password?code=not-a-real-code",
  // A verification link's page, with a code Firebase does not know: what it says of a used link.
  "/verify-email?code=not-a-real-code",
  "/shipping",
  // Signed out: the account page asks to sign in (signed in below, its forms).
  "/account",
];
/** The admin's own pages: the dashboard, the products, the order desk, and the settings pages (zones, codes, the pay on delivery switch). */
const ADMIN_PAGES = [
  "/admin-entry",
  "/admin-entry/dashboard",
  "/admin-entry/products",
  "/admin-entry/orders",
  "/admin-entry/shipping",
  "/admin-entry/discounts",
  "/admin-entry/payments",
];
/** Walked again signed in and as the admin (see above): the header's page, the cart, the sign-in pages. */
const SESSION_ROUTES = ["/", "/cart-page", "/sign-page", "/admin-signin"];
/** With a listing and a product page: the shop's templates under the signed-in header, sampled. */
const SHOPPER_ROUTES = [...SESSION_ROUTES, "/electronics", `/details-page/${demoProducts[0].id}`, "/account", "/account/addresses/new"];
const ADMIN_ROUTES = [...SESSION_ROUTES, ...ADMIN_PAGES];
/** Where axe runs again signed in and as the admin. */
const SESSION_AXE_ROUTES = ["/", "/cart-page"];
const ADMIN_AXE_ROUTES = [...SESSION_AXE_ROUTES, ...ADMIN_PAGES];

/**
 * Waits until the page's streamed content is shown (its level-one heading,
 * visible: React first streams a boundary's content into a hidden element
 * and moves it into place a moment later) and the header's islands have
 * their final content: the cart's count and the account.
 */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await pageReady(page);
  await expect(page.getByTestId("account-loading")).toHaveCount(0);
  if (new URL(page.url()).pathname === "/cart-page") {
    await expect(page.getByText("Loading your cart…")).toHaveCount(0);
  }
}

/** How far the page scrolls sideways (0 when it does not). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - Math.min(window.innerWidth, root.clientWidth);
  });
}

/** The innermost elements that reach past the right edge, for the failure message. */
function widest(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    return [...document.querySelectorAll("body *")]
      .filter((el) => past(el) && ![...el.children].some(past))
      .slice(0, 3)
      .map((el) => el.outerHTML.slice(0, 100));
  });
}

/**
 * The header's controls that are shown (display: none ones are not), each
 * with what is wrong with it: off the screen, or covered where a tap lands.
 */
function headerControls(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const controls = [...document.querySelectorAll<HTMLElement>("header a[href], header button, header input, header summary")];
    return (
      controls
        // Shown: not display: none, not in a closed disclosure, not visibility: hidden.
        .filter((el) => {
          const closed = el.closest("details:not([open])");
          if (closed && !closed.querySelector(":scope > summary")?.contains(el)) return false;
          return el.checkVisibility({ visibilityProperty: true });
        })
        .map((el) => {
          const box = el.getBoundingClientRect();
          const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() || el.id;
          const problems: string[] = [];
          if (box.width < 1 || box.height < 1) problems.push("no size");
          if (box.left < 0 || box.right > width || box.top < 0 || box.bottom > height) {
            problems.push(`off screen: ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
          }
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (!hit || !(hit === el || el.contains(hit))) problems.push(`covered by ${hit?.outerHTML.slice(0, 80) ?? "nothing"}`);
          return { name, problems };
        })
    );
  });
}

/**
 * Walks the routes at every width and returns every failure found, so one
 * run reports them all: "route @ width: problem". axe runs on `axeRoutes`.
 */
async function walk(page: Page, routes: string[], expectedHeader: (width: number) => RegExp[], axeRoutes = routes) {
  const failures: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(route);
    await settled(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const at = `${route} @ ${width}px`;
      const sideways = await overflow(page);
      if (sideways > 0) failures.push(`${at}: scrolls ${sideways}px sideways, past the edge: ${(await widest(page)).join(" | ")}`);
      const controls = await headerControls(page);
      for (const { name, problems } of controls) {
        for (const problem of problems) failures.push(`${at}: header control "${name}" ${problem}`);
      }
      for (const expected of expectedHeader(width)) {
        if (!controls.some(({ name }) => expected.test(name))) failures.push(`${at}: no header control ${expected}`);
      }
      if (AXE_WIDTHS.includes(width) && axeRoutes.includes(route)) {
        for (const violation of await axeViolations(page)) failures.push(`${at}: ${violation}`);
      }
    }
  }
  return failures;
}

/** Adds a product from its details page and waits until the server has it. */
async function addToCart(page: Page, id: string) {
  await page.goto(`/details-page/${id}`);
  await settled(page);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await page
    .getByTestId("product-details")
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await answered;
}

const PHONE = 600;
const common = [/^Storefront home$/, /^Search$/, /^site-search$/, /^Cart/];

test.describe("every page fits every width and axe finds nothing", () => {
  test.describe.configure({ timeout: 300_000 });

  test("signed out", async ({ page }) => {
    const failures = await walk(page, SHOP_ROUTES, () => [...common, /^Sign In$/]);
    expect(failures).toEqual([]);
  });

  test("signed in with a long name and a cart holding lines", async ({ page, request }) => {
    const email = `widths-${Date.now()}@example.com`;
    await createEmulatorAccount(request, email, "long-name-password", LONG_NAME);
    await signInByToken(page, email, "long-name-password");
    await addToCart(page, demoProducts[0].id);
    await addToCart(page, demoProducts[1].id);
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    // A saved address as long as the form takes, for the account page's address book.
    await page.goto("/account/addresses/new");
    await fillAddressFields(page, {
      name: LONG_NAME.slice(0, 100),
      phone: "+1 (503) 555-0100 / 555-0199",
      line1: "12345 Northwest Extraordinarily Long Boulevard Name That Keeps Going On And On",
      line2: "Apartment 1234, Building C, Floor 56, Suite Unnumbered",
      city: "Rancho Santa Margarita",
      region: "CA",
      postalCode: "92688-1234",
    });
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByTestId("saved-address")).toHaveCount(1);

    // On a phone the account is a menu: it opens on the screen, with the whole name and Sign Out.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const menu = page.getByTestId("account-menu");
      const button = menu.locator("summary");
      await button.click();
      const signOut = menu.getByRole("button", { name: "Sign Out" });
      await expect(signOut).toBeVisible();
      await expect(menu).toContainText(LONG_NAME);
      const panel = await menu.locator("summary + div").boundingBox();
      expect(panel, `menu panel at ${width}px`).not.toBeNull();
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      if (width === 390) expect(await axeViolations(page)).toEqual([]);
      await button.click();
      await expect(signOut).toBeHidden();
    }

    const failures = await walk(page, SHOPPER_ROUTES, (width) => [...common, width <= PHONE ? /^Account$/ : /^Sign Out$/], [
      ...SESSION_AXE_ROUTES,
      "/account",
      "/account/addresses/new",
    ]);
    expect(failures).toEqual([]);
  });

  test("as the admin", async ({ page }) => {
    await adminSession(page);
    const failures = await walk(page, ADMIN_ROUTES, (width) => [...common, width <= PHONE ? /^Account$/ : /^Sign Out$/], ADMIN_AXE_ROUTES);
    expect(failures).toEqual([]);
  });
});
