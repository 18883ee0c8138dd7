import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { adminSession } from "./helpers/accounts";
import { mailsTo } from "./helpers/caught-mail";
import { fillCheckout, mailWithSubject } from "./helpers/shopper-checkout";
import { demoProducts } from "./support";

// Issue 38, items 7 and 10, as a guest and the operator see them, on either
// backend. A guest checks out and keeps the order's page open: the desk ships
// the order and the open page says so without a reload. The shipped email
// says where to ask for a new link; "find my order" (email and reference)
// answers the same whether or not such an order exists, mails a new link that
// opens the order, and the confirmation's link keeps working; without
// JavaScript the form posts as plain HTML. Places an order of a demo product
// (no stock tracked), never edits the catalogue.

const run = Date.now().toString(36);
const PRODUCT = demoProducts[29];
const GUEST = {
  email: `links.guest.${run}@example.com`,
  name: "Linda Links",
  country: "US",
  line1: "5 Main Street",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};
const SENT =
  "If an order with that reference was placed with that email address, a new link to it is on its way there. It can take a few minutes to arrive; the links you had keep working.";

let guest: BrowserContext;
let orderPage: Page;
let order: { id: string; reference: string; link: string };

test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await guest?.close();
});

async function shipOnTheDesk(browser: Browser, orderId: string): Promise<void> {
  const admin = await browser.newContext();
  const desk = await admin.newPage();
  await adminSession(desk);
  await desk.goto(`/admin-entry/orders/${orderId}`);
  await desk.getByLabel("Tracking number").fill("LINKS-TRACK-7");
  await desk.getByRole("button", { name: "Mark shipped" }).click();
  await expect(desk.getByTestId("step-status")).toHaveText(/Marked shipped/);
  await admin.close();
}

/** Asks "find my order" for a link, with JavaScript, and returns what the page answered. */
async function askForLink(page: Page, email: string, reference: string): Promise<string> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Order reference", { exact: true }).fill(reference);
  await page.getByRole("button", { name: "Email me a link" }).click();
  const answer = page.getByTestId("find-order-answer");
  await expect(answer).toBeVisible();
  await expect(answer).toBeFocused();
  return (await answer.textContent()) ?? "";
}

test("an open order page shows the desk's step without a reload (issue 38, item 10)", async ({ browser }) => {
  test.setTimeout(120_000);
  guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  orderPage = await guest.newPage();
  await addToCartOverHttp(orderPage, PRODUCT.id);
  await orderPage.goto("/checkout-page");
  await fillCheckout(orderPage, GUEST);
  await orderPage.getByRole("button", { name: "Place order" }).click();
  await expect(orderPage).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\?token=[A-Za-z0-9_-]{43}$/, { timeout: 20_000 });
  const url = new URL(orderPage.url());
  order = {
    id: url.pathname.split("/").at(-1)!,
    reference: (await orderPage.getByTestId("order-reference").textContent())!,
    link: url.pathname + url.search,
  };
  await expect(orderPage.getByTestId("order-fulfilment")).toHaveText(/^Placed/);
  // The page stays as it is: a reload would clear this mark.
  await orderPage.evaluate(() => Object.assign(window, { __notReloaded: true }));

  await shipOnTheDesk(browser, order.id);
  await expect(orderPage.getByTestId("order-fulfilment")).toHaveText(/^Shipped/, { timeout: 20_000 });
  await expect(orderPage.getByTestId("order-fulfilment")).toContainText("LINKS-TRACK-7");
  expect(await orderPage.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
});

test("a guest's shipped email leads to 'find my order': the same answer for any reference, a new link by email beside the old one (issue 38, item 7)", async () => {
  test.setTimeout(120_000);
  const shipped = await mailWithSubject(GUEST.email, `Your order ${order.reference}: shipped`);
  const findUrl = /https?:\/\/\S+\/find-order\b/.exec(shipped.text)?.[0];
  expect(findUrl, shipped.text).toBeDefined();
  expect(shipped.text).toContain(`the reference ${order.reference}`);

  const page = await guest.newPage();
  await page.goto(new URL(findUrl!).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Find your order" })).toBeVisible();
  // A reference nobody has, and another address: the very same answer, and no mail.
  expect(await askForLink(page, GUEST.email, "ZZZZ-ZZZZ-ZZZZ")).toBe(SENT);
  await page.goto("/find-order");
  expect(await askForLink(page, `someone.else.${run}@example.com`, order.reference)).toBe(SENT);
  // A field that cannot be right is said on its field, with what was typed kept.
  await page.goto("/find-order");
  await page.getByLabel("Email", { exact: true }).fill(GUEST.email);
  await page.getByLabel("Order reference", { exact: true }).fill("K7PM");
  await page.getByRole("button", { name: "Email me a link" }).click();
  const reference = page.getByLabel("Order reference", { exact: true });
  await expect(reference).toHaveAttribute("aria-invalid", "true");
  await expect(reference).toBeFocused();
  await expect(page.locator("#find-order-reference-error")).toHaveText(/^Enter the order's reference/);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(GUEST.email);

  // The right pair, typed as a person might: the same answer, and the link arrives.
  await page.goto("/find-order");
  expect(await askForLink(page, GUEST.email.toUpperCase(), order.reference.toLowerCase())).toBe(SENT);
  const mail = await mailWithSubject(GUEST.email, `A link to your order ${order.reference}`);
  const link = new URL(/https?:\/\/\S+\/orders-page\/\S+/.exec(mail.text)![0]);
  expect(link.pathname).toBe(`/orders-page/${order.id}`);
  expect(link.search).toMatch(/^\?token=[A-Za-z0-9_-]{43}$/);
  expect(link.pathname + link.search).not.toBe(order.link);
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId("order-reference").filter({ visible: true })).toHaveText(order.reference);
  // The confirmation's link keeps working.
  await page.goto(order.link);
  await expect(page.getByTestId("order-reference").filter({ visible: true })).toHaveText(order.reference);
  // One link was mailed: the answers for a reference nobody has and for another address sent nothing.
  const links = (await mailsTo(GUEST.email, { count: 2 })).filter((m) => m.subject.startsWith("A link to your order"));
  expect(links).toHaveLength(1);
  expect(await mailsTo(`someone.else.${run}@example.com`, { count: 0 })).toEqual([]);
});

test("'find my order' without JavaScript is a plain form: it posts and the page comes back with the answer (issue 38, item 7)", async ({
  browser,
}) => {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto("/find-order");
  await page.getByLabel("Email", { exact: true }).fill(GUEST.email);
  await page.getByLabel("Order reference", { exact: true }).fill(order.reference);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page).toHaveURL(/\/find-order\?notice=sent$/);
  await expect(page.getByTestId("find-order-answer")).toHaveText(SENT);
  // A bad address: said on its field.
  await page.getByLabel("Email", { exact: true }).fill("not an address");
  await page.getByLabel("Order reference", { exact: true }).fill(order.reference);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page).toHaveURL(/\/find-order\?notice=email$/);
  await expect(page.locator("#find-order-email-error")).toHaveText(/^Enter the email address the order was placed with/);
  await plain.close();
});
