import { expect, test, type Page } from "@playwright/test";
import { createEmulatorAccount, signInByToken, signInThroughUi } from "./helpers/accounts";
import { actionId, callAction, CookieJar } from "./helpers/server-actions";
import { demoProducts } from "./support";
import { pageReady } from "./helpers/page-ready";

const [lamp, mug] = [demoProducts[0], demoProducts[1]];

async function addFromDetails(page: Page, product: { id: string; name: string }, times: number) {
  await page.goto(`/details-page/${product.id}`);
  await pageReady(page);
  for (let i = 0; i < times; i++) {
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
    await page
      .getByTestId("product-details")
      .getByRole("button", { name: /^Add to Cart/ })
      .click();
    await answered;
  }
}

test("a guest's cart merges into the account at sign-in: quantities add, the guest cart is emptied", async ({ browser, request }) => {
  const email = `merge-${Date.now()}@example.com`;
  const password = "merge-password-1";
  await createEmulatorAccount(request, email, password, "Merge Tester");

  // The account already holds one mug.
  const accountContext = await browser.newContext();
  const accountPage = await accountContext.newPage();
  await signInByToken(accountPage, email, password);
  await addFromDetails(accountPage, mug, 1);
  await accountContext.close();

  // A guest (another browser) adds two lamps and one mug, then signs in.
  const guestContext = await browser.newContext();
  const page = await guestContext.newPage();
  await addFromDetails(page, lamp, 2);
  await addFromDetails(page, mug, 1);
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await signInThroughUi(page, email, password, "Merge Tester");

  await expect(page.getByTestId("cart-count")).toHaveText("4");
  await page.goto("/cart-page");
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: lamp.name }).getByTestId("quantity")).toHaveValue("2");
  await expect(lines.filter({ hasText: mug.name }).getByTestId("quantity")).toHaveValue("2");

  // Signed out again, the browser is a guest whose cart was moved, not copied.
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/cart-page");
  await expect(page.getByText("no items in cart")).toBeVisible();
  await guestContext.close();
});

test("a line that lands in the guest cart after the sign-in's merge joins the account on the next cart request", async ({
  browser,
  request,
  baseURL,
}) => {
  const email = `late-line-${Date.now()}@example.com`;
  const password = "merge-password-1";
  await createEmulatorAccount(request, email, password, "Late Line");
  const context = await browser.newContext();
  const page = await context.newPage();
  await addFromDetails(page, lamp, 1);
  const guestCookie = (await context.cookies()).find((c) => c.name === "sf_cart");
  expect(guestCookie, "the guest's cart cookie").toBeDefined();
  await signInThroughUi(page, email, password, "Late Line");
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // An add sent with the guest's cookie alone (a request that left before the session existed).
  const late = await callAction<{ ok: boolean }>({
    baseURL: baseURL!,
    id: actionId("lib/cart/actions.ts", "addToCartAction"),
    args: [mug.id],
    jar: new CookieJar({ sf_cart: guestCookie!.value }),
  });
  expect(late.result).toMatchObject({ ok: true });

  // The signed-in tab's next cart read merges it. The guest cookie stays for a
  // minute after sign-in for such late lines, then goes (tests/cart-guest-settle.test.ts).
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.goto("/cart-page");
  await expect(page.getByTestId("cart-line").filter({ hasText: mug.name })).toHaveCount(1);
  await context.close();
});
