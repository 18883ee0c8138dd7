import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { adminSession, createEmulatorAccount, postIdToken, signInByToken } from "./helpers/accounts";
import { placeOrderInSuiteStore } from "./helpers/orders";
import { cartReady, expectCheckoutValues, fillCheckout, mailWithSubject, type CheckoutEntry } from "./helpers/shopper-checkout";
import { authEmulatorHost, demoProducts } from "./support";

// Issue 28, items 3, 4 and 7: the journeys a shopper and the operator take
// after the checkout, end to end on either backend. A signed-in shopper with
// a long name checks out at a phone's width, finds the order through the
// confirmation email's link (no token: the account opens it) and on
// "Returns & Orders", and gets the last address again at the next checkout;
// the operator ships, delivers and records the payment on the desk, each step
// emailed; the shopper requests a return, which the operator accepts. A
// guest's order joins an account of its email only once that address is
// verified. Places orders of demo products (no stock tracked), never edits
// the catalogue.

const run = Date.now().toString(36);
const MOBILE = { width: 390, height: 844 };
const REFERENCE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
const [lamp, mug, third] = [demoProducts[0], demoProducts[1], demoProducts[2]];

// A long name (the sign-up form's most is 80) and a long email without a hyphen to break at, at a phone's width.
const SHOPPER = {
  email: `maximilian.alexander.wolfeschlegelsteinhausenbergerdorff.${run}@example.com`,
  password: "journey-pass-1",
  name: "Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff Bartholomew Jr.",
};
const ADDRESS: Omit<CheckoutEntry, "email" | "name"> = {
  phone: "+1 503 555 0142",
  country: "US",
  line1: "1221 SW 4th Ave",
  line2: "Suite 2",
  city: "Portland",
  region: "OR",
  postalCode: "97204",
};

interface ShopperOrder {
  id: string;
  reference: string;
}

let shopper: BrowserContext;
let firstOrder: ShopperOrder;

test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await shopper?.close();
});

/** No horizontal scrolling at the phone's width. */
async function fitsWidth(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} fits ${MOBILE.width} px`).toBeLessThanOrEqual(
    MOBILE.width,
  );
}

/** Places the order the checkout page shows and returns it, from the order's page it leads to. */
async function placeOrder(page: Page): Promise<ShopperOrder> {
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
  await expect(page.getByTestId("order-reference")).toHaveText(REFERENCE);
  return { id: new URL(page.url()).pathname.split("/").at(-1)!, reference: (await page.getByTestId("order-reference").textContent())! };
}

/** Signs `context` in as a new emulator account (not through the UI: its cookies are the browser's). */
async function signedInAccount(context: BrowserContext, request: APIRequestContext, email: string, name: string): Promise<string> {
  const { uid, idToken } = await createEmulatorAccount(request, email, `pass-${run}`, name);
  const { session } = await postIdToken(context.request, idToken);
  expect(session).toMatchObject({ user: { uid } });
  return uid;
}

test("a signed-in shopper with a long name checks out at a phone's width: name and email filled in, the email's link opens the order, the orders page lists it, the next checkout offers the address again", async ({
  browser,
  request,
}) => {
  await createEmulatorAccount(request, SHOPPER.email, SHOPPER.password, SHOPPER.name);
  shopper = await browser.newContext({ viewport: MOBILE });
  const page = await shopper.newPage();
  await signInByToken(page, SHOPPER.email, SHOPPER.password);

  await addToCartOverHttp(page, lamp.id);
  await page.goto("/cart-page");
  await cartReady(page);
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout-page$/);
  await expect(page.getByTestId("checkout-line")).toContainText(lamp.name);
  // The account's name and email; no address yet (no order before).
  await expectCheckoutValues(page, { name: SHOPPER.name, email: SHOPPER.email, line1: "", postalCode: "" });
  await fitsWidth(page, "the checkout with a long name");
  await fillCheckout(page, ADDRESS);
  firstOrder = await placeOrder(page);
  await expect(page.getByTestId("order-line")).toContainText(lamp.name);
  await expect(page.locator("main").getByText(SHOPPER.name)).toBeVisible();
  await fitsWidth(page, "the confirmation with a long name and email");
  await page.goto(`/orders-page/${firstOrder.id}/without-javascript`);
  await expect(page.getByTestId("order-reference")).toHaveText(firstOrder.reference);
  await fitsWidth(page, "the order's page without JavaScript");

  // The confirmation email links to the order without a token: the account opens it.
  const confirmation = await mailWithSubject(SHOPPER.email, `Your order ${firstOrder.reference}`);
  expect(confirmation.text).toContain(`Hello ${SHOPPER.name},`);
  expect(confirmation.text).not.toContain("?token=");
  expect(confirmation.text).not.toContain("Keep this link");
  expect(confirmation.text).toContain("It opens when you are signed in to your account on the shop.");
  const link = new URL(confirmation.text.match(/https?:\/\/\S+\/orders-page\/\S+/)?.[0] ?? "");
  expect(link.pathname).toBe(`/orders-page/${firstOrder.id}`);
  expect(link.search).toBe("");
  await page.goto(link.pathname);
  await expect(page.getByTestId("order-reference")).toHaveText(firstOrder.reference);
  await expect(page.getByTestId("order-fulfilment")).toHaveText("Placed, not shipped yet");

  // The next checkout offers the last order's address again, with the account's name and email.
  await addToCartOverHttp(page, mug.id);
  await page.goto("/checkout-page");
  await expect(page.getByTestId("checkout-line")).toContainText(mug.name);
  await expectCheckoutValues(page, { name: SHOPPER.name, email: SHOPPER.email, ...ADDRESS });
  await fillCheckout(page, {});
  const secondOrder = await placeOrder(page);
  await expect(page.getByTestId("order-line")).toContainText(mug.name);

  // "Returns & Orders" (the footer's link at this width): both, newest first, with their state.
  await page.getByRole("contentinfo").getByRole("link", { name: "Returns & orders" }).click();
  await expect(page.getByRole("heading", { name: "Returns & Orders", level: 1 })).toBeVisible();
  const items = page.getByTestId("order-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(secondOrder.reference);
  await expect(items.nth(1)).toContainText(firstOrder.reference);
  await expect(items.nth(1)).toContainText("Placed, not shipped yet · Due on delivery");
  await expect(items.nth(1)).toContainText(" · 1 item · ");
  await fitsWidth(page, "the orders page");
  await items
    .nth(1)
    .getByRole("link", { name: `Order ${firstOrder.reference}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders-page/${firstOrder.id}$`));
  // The router keeps pages it showed before hidden in the document (the second order's): only the shown one counts.
  await expect(page.getByTestId("order-reference").filter({ visible: true })).toHaveText(firstOrder.reference);

  // Opened signed out (another device, a session that ended), the email's link asks to sign in, and signing in
  // comes back to the order (issue 38, item 7). The same for an id no order has: it says nothing of the order.
  const signedOut = await browser.newContext({ viewport: MOBILE });
  const asked = await signedOut.request.get(link.pathname, { maxRedirects: 0 });
  expect(asked.status()).toBe(307);
  expect(asked.headers()["cache-control"]).toBe("private, no-store");
  expect(asked.headers().location).toBe(`/sign-page?callbackUrl=${encodeURIComponent(link.pathname)}`);
  const madeUp = await signedOut.request.get("/orders-page/NoSuchOrderEverPlaced1", { maxRedirects: 0 });
  expect([madeUp.status(), madeUp.headers().location]).toEqual([307, "/sign-page?callbackUrl=%2Forders-page%2FNoSuchOrderEverPlaced1"]);
  const signIn = await signedOut.newPage();
  await signIn.goto(link.pathname);
  await expect(signIn).toHaveURL(/\/sign-page\?callbackUrl=/);
  await expect(signIn.getByTestId("sign-in-reason")).toHaveText(
    "Sign in to see your order: you will be taken back to it. Ordered as a guest? Get a new link to your order by email.",
  );
  await signIn.locator("#signin-email").fill(SHOPPER.email);
  await signIn.locator("#signin-password").fill(SHOPPER.password);
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(signIn).toHaveURL(new RegExp(`/orders-page/${firstOrder.id}$`));
  await expect(signIn.getByTestId("order-reference").filter({ visible: true })).toHaveText(firstOrder.reference);
  // Without JavaScript its page made without React leads there too.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const plainAsked = await plain.request.get(`${link.pathname}/without-javascript`, { maxRedirects: 0 });
  expect([plainAsked.status(), plainAsked.headers().location]).toEqual([
    303,
    `/sign-page?callbackUrl=${encodeURIComponent(link.pathname)}`,
  ]);
  await plain.close();
  await signedOut.close();

  // Another account, signed in, gets the site's not-found page for it.
  const other = await browser.newContext();
  await signedInAccount(other, request, `journey-other-${run}@example.com`, "Other Shopper");
  expect((await other.request.get(`/orders-page/${firstOrder.id}`)).status()).toBe(404);
  const otherPage = await other.newPage();
  await otherPage.goto(`/orders-page/${firstOrder.id}`);
  await expect(otherPage.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await other.close();
});

test("the operator ships, delivers and records the payment, each step emailed; the shopper's return needs a reason, is shown to both, and is accepted", async ({
  browser,
}) => {
  const admin = await browser.newContext();
  const desk = await admin.newPage();
  await adminSession(desk);
  await desk.goto(`/admin-entry/orders/${firstOrder.id}`);
  await expect(desk.getByRole("heading", { level: 1 })).toContainText(firstOrder.reference);
  const states = desk.locator("main").getByTestId("order-states").first();
  const stepStatus = desk.getByTestId("step-status");
  const subject = (step: string) => `Your order ${firstOrder.reference}: ${step}`;

  await desk.getByLabel("Tracking number").fill("JOURNEY-TRACK-42");
  await desk.getByRole("button", { name: "Mark shipped" }).click();
  await expect(stepStatus).toHaveText(/Marked shipped/);
  expect((await mailWithSubject(SHOPPER.email, subject("shipped"))).text).toContain("Tracking number: JOURNEY-TRACK-42.");

  await desk.getByRole("button", { name: "Mark delivered" }).click();
  await expect(stepStatus).toHaveText(/Marked delivered/);
  await mailWithSubject(SHOPPER.email, subject("delivered"));

  await desk.getByRole("button", { name: "Record payment" }).click();
  await expect(stepStatus).toHaveText(/Payment recorded/);
  await expect(states).toContainText("Delivered");
  await expect(states).toContainText("Paid");
  const paid = await mailWithSubject(SHOPPER.email, subject("payment received"));
  // A signed-in shopper's step emails link to the order, which the account opens.
  expect(paid.text).toContain(`/orders-page/${firstOrder.id}`);

  // The shopper's page: delivered and paid, a return may be requested.
  const page = await shopper.newPage();
  await page.goto(`/orders-page/${firstOrder.id}`);
  await expect(page.getByTestId("order-fulfilment")).toHaveText("Delivered (tracking number JOURNEY-TRACK-42)");
  await expect(page.getByTestId("order-payment")).toHaveText("Paid on delivery");
  await expect(page.getByRole("heading", { name: "Request a return" })).toBeVisible();

  // Without a reason it is refused, next to the field; nothing is recorded.
  const reason = page.getByLabel("Why are you returning it?");
  await page.getByRole("button", { name: "Request a return" }).click();
  await expect(page.locator("#return-error")).toHaveText("Tell us why you are returning the order.");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAttribute("aria-describedby", "return-error");
  await expect(page.getByTestId("order-return")).toHaveCount(0);

  const why = "The lamp's colour is not the one pictured.";
  await reason.fill(why);
  await page.getByRole("button", { name: "Request a return" }).click();
  await expect(page.getByTestId("order-return")).toHaveText("Return requested");
  await expect(page.getByText(`Your reason for the return: “${why}”`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Request a return" })).toHaveCount(0);
  await mailWithSubject(SHOPPER.email, subject("return requested"));

  // The desk shows the request and its reason; the operator accepts it.
  await desk.reload();
  await expect(states).toContainText("Return requested");
  await expect(desk.getByTestId("return-reason")).toHaveText(why);
  await desk.getByRole("button", { name: "Accept return" }).click();
  await expect(stepStatus).toHaveText(/Return accepted/);
  await expect(states).toContainText("Returned");
  await expect(states).toContainText("Refunded");
  await expect(desk.getByRole("button", { name: "Accept return" })).toHaveCount(0);
  await mailWithSubject(SHOPPER.email, subject("return accepted"));
  await admin.close();

  await page.reload();
  await expect(page.getByTestId("order-return")).toHaveText("Returned");
  await expect(page.getByTestId("order-payment")).toHaveText("Refunded");
  await page.goto("/orders-page");
  await expect(page.getByTestId("order-item").filter({ hasText: firstOrder.reference })).toContainText("Delivered · Refunded · Returned");
  await page.close();
});

test("a guest's order joins an account of the same email only once the account's email is verified", async ({ browser, request }) => {
  // The guest typed their address in mixed case; the account has it in lower case.
  const typed = `Joining.Guest-${run}@Example.com`;
  const email = typed.toLowerCase();
  const guestOrder = await placeOrderInSuiteStore(typed, { [third.id]: 1 });

  const context = await browser.newContext();
  const uid = await signedInAccount(context, request, email, "Joining Guest");
  const page = await context.newPage();
  await page.goto("/orders-page");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  expect((await context.request.get(`/orders-page/${guestOrder.id}`)).status()).toBe(404);

  // Verified in Firebase Auth (the emulator's admin API, as the email's verification link does).
  const verified = await request.post(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/demo-storefront/accounts:update`,
    {
      headers: { authorization: "Bearer owner" },
      data: { localId: uid, emailVerified: true },
    },
  );
  expect(verified.status(), await verified.text()).toBe(200);

  // The shop asks Firebase Auth on each request, so the next page already joins the order.
  await page.reload();
  const items = page.getByTestId("order-item");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(guestOrder.reference);
  await items
    .first()
    .getByRole("link", { name: `Order ${guestOrder.reference}` })
    .click();
  await expect(page.getByTestId("order-reference").filter({ visible: true })).toHaveText(guestOrder.reference);
  await expect(page.getByTestId("order-line").filter({ visible: true })).toContainText(third.name);
  expect((await context.request.get(`/orders-page/${guestOrder.id}`)).status()).toBe(200);
  // The signed-in shopper's own orders stay theirs: another account's order is still not found here.
  expect((await context.request.get(`/orders-page/${firstOrder.id}`)).status()).toBe(404);
  await context.close();
});

test("a return reason typed over two lines (Enter in the field) is taken as one line, on the page and without JavaScript", async ({
  browser,
}) => {
  // The store takes one line of text; the textarea lets a shopper press Enter. Each form asks for a reason of its own order.
  const typed = "It arrived broken.\nThe box was open.\r\n\tPlease collect it.";
  const stored = "It arrived broken. The box was open. Please collect it.";
  const [withScript, withoutScript] = await Promise.all([
    placeOrderInSuiteStore(`two-lines-js-${run}@example.com`, { [lamp.id]: 1 }, { delivered: true }),
    placeOrderInSuiteStore(`two-lines-nojs-${run}@example.com`, { [mug.id]: 1 }, { delivered: true }),
  ]);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/orders-page/${withScript.id}?token=${withScript.token}`);
  await page.getByLabel("Why are you returning it?").fill(typed);
  await page.getByRole("button", { name: "Request a return" }).click();
  await expect(page.getByTestId("order-return")).toHaveText("Return requested");
  await expect(page.getByText(`Your reason for the return: “${stored}”`)).toBeVisible();
  await context.close();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`/orders-page/${withoutScript.id}/without-javascript?token=${withoutScript.token}`);
  await plain.getByLabel("Why are you returning it?").fill(typed);
  const [answer] = await Promise.all([
    plain.waitForResponse((r) => r.request().method() === "POST"),
    plain.getByRole("button", { name: "Request a return" }).click(),
  ]);
  expect(answer.status()).toBe(200);
  await expect(plain.getByRole("status")).toHaveText("Your return request was sent. We will email you when we have decided.");
  await expect(plain.getByText(`Your reason for the return: “${stored}”`)).toBeVisible();
  await noScript.close();
});

test("a guest's link with its token given twice (?token=<its token>&token=other) is the site's 404, never a 200 showing not-found", async ({
  request,
}) => {
  const order = await placeOrderInSuiteStore(`two-tokens-${run}@example.com`, { [third.id]: 1 });
  expect((await request.get(`/orders-page/${order.id}?token=${order.token}`)).status(), "the link itself opens").toBe(200);
  for (const path of [`/orders-page/${order.id}`, `/orders-page/${order.id}/without-javascript`]) {
    for (const query of [
      `?token=${order.token}&token=other`,
      `?token=other&token=${order.token}`,
      `?token=${order.token}&token=${order.token}`,
    ]) {
      const answer = await request.get(`${path}${query}`, { maxRedirects: 0 });
      expect(answer.status(), `${path}${query.replaceAll(order.token, "<token>")}`).toBe(404);
    }
  }
});
