/**
 * Tabs of one browser share their session (issue 26, item 6). A sign-in or
 * sign-out in one tab reaches the header and the cart of every other open
 * tab within a second (CART_OWNER_CHANNEL, components/auth/account-menu.tsx):
 * the tab that made it says which session it leads to, so the other tab
 * shows it without waiting for its own read of the session (which follows).
 * A tab whose session changed before it heard of it (here: the session is
 * ended or replaced through the browser's own cookies, by a request no tab
 * sends, so no tab is told) has its add refused with a clear message, never
 * put in a guest or another account's cart, and then shows the real session
 * (lib/cart/session-guard.ts).
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEmulatorAccount, postIdToken, signInThroughUi } from "./helpers/accounts";
import { pageReady } from "./helpers/page-ready";

const run = Date.now().toString(36);
/** How soon another tab must follow a sign-in or sign-out (issue 26). */
const OTHER_TAB_MS = 1_000;

const signInLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Sign In" });
const badge = (page: Page) => page.getByTestId("cart-count");

/** Clicks the first product card's Add to Cart on the page shown and waits for the action's answer. */
async function addFirstProduct(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  await answered;
}

/** The cart the browser's cookies name now, as the cart state reads it. */
async function cartOf(request: APIRequestContext): Promise<{ items: unknown[]; hasOwner: boolean }> {
  const response = await request.get("/api/cart");
  expect(response.status()).toBe(200);
  return response.json();
}

/** Ends the browser's session the way the Sign Out button's next-auth call does, from no tab. */
async function signOutWithoutTabs(request: APIRequestContext): Promise<void> {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/signout", { form: { csrfToken, json: "true" }, maxRedirects: 0 });
  expect(response.status()).toBeLessThan(400);
  expect(await (await request.get("/api/auth/session")).json()).toEqual({});
}

test("a sign-in and a sign-out in one tab reach the other open tab's header and cart within a second", async ({ browser, request }) => {
  const name = `Tabs ${run}`;
  const email = `tabs-${run}@example.com`;
  await createEmulatorAccount(request, email, "tabs-password-1", name);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto("/");
  await expect(signInLink(other)).toBeVisible();
  await pageReady(other);
  // The other tab's own session reads answer late: what it shows within the second came with the message.
  const lateReads: Promise<void>[] = [];
  await other.route("**/api/auth/session", (route) => {
    const answered = new Promise((resolve) => setTimeout(resolve, 3 * OTHER_TAB_MS)).then(() => route.continue());
    lateReads.push(answered);
    return answered;
  });

  const tab = await context.newPage();
  await signInThroughUi(tab, email, "tabs-password-1", name);
  await expect(other.getByTestId("account-name")).toContainText(name, { timeout: OTHER_TAB_MS });
  await expect(other.getByRole("button", { name: "Sign Out" })).toBeVisible();

  // The account's cart follows as well (the live stream, reopened for the new owner).
  await addFirstProduct(tab);
  await expect(badge(tab)).toHaveText("1");
  await expect(badge(other)).toHaveText("1");

  await tab.getByRole("button", { name: "Sign Out" }).click();
  await expect(signInLink(tab)).toBeVisible();
  await expect(signInLink(other)).toBeVisible({ timeout: OTHER_TAB_MS });
  await expect(other.getByTestId("account-name")).toHaveCount(0);
  await expect(badge(other)).toHaveCount(0, { timeout: OTHER_TAB_MS });
  // Each message was confirmed by a read of the session, and the late answers changed nothing shown.
  expect(lateReads.length).toBeGreaterThanOrEqual(2);
  await Promise.all(lateReads);
  await expect(signInLink(other)).toBeVisible();
  await expect(other.getByTestId("account-name")).toHaveCount(0);
  await context.close();
});

test("an add from a tab whose session ended or changed unseen is refused with a message, in no cart; the tab then shows who is signed in", async ({
  browser,
  request,
}) => {
  const first = { name: `Tab First ${run}`, email: `tab-first-${run}@example.com` };
  const second = { name: `Tab Second ${run}`, email: `tab-second-${run}@example.com` };
  await createEmulatorAccount(request, first.email, "tabs-password-1", first.name);
  const { idToken: secondToken } = await createEmulatorAccount(request, second.email, "tabs-password-1", second.name);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, first.email, "tabs-password-1", first.name);
  await pageReady(page);

  // Signed out behind the tab's back: it still greets the first account.
  await signOutWithoutTabs(context.request);
  await expect(page.getByTestId("account-name")).toContainText(first.name);
  await addFirstProduct(page);
  const errors = page.locator(".cart-toast-error");
  await expect(errors).toHaveText("You were signed out in another tab, so nothing was changed. Sign in again to use your account's cart.");
  await expect(signInLink(page)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  expect(await cartOf(context.request)).toEqual({ items: [], hasOwner: false });
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("sf_cart");

  // Now the tab shows a guest, and another account signs in behind its back.
  const signedIn = await postIdToken(context.request, secondToken);
  expect(signedIn.session).toMatchObject({ user: { name: second.name } });
  await expect(signInLink(page)).toBeVisible();
  await addFirstProduct(page);
  await expect(errors.filter({ hasText: "Your sign-in changed in another tab" })).toHaveText(
    "Your sign-in changed in another tab, so nothing was changed. The page now shows who is signed in.",
  );
  await expect(page.getByTestId("account-name")).toContainText(second.name);
  expect(await cartOf(context.request)).toEqual({ items: [], hasOwner: true });
  await expect(badge(page)).toHaveCount(0);
  await context.close();
});
