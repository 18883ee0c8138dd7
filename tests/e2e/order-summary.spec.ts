import { expect, test, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { adminSession } from "./helpers/accounts";
import { cartReady, fillCheckout, mailWithSubject, type CheckoutEntry } from "./helpers/shopper-checkout";
import { demoProducts } from "./support";

// Issue 38, items 2, 3, 8, 9 and 17: one order summary on every surface. A
// guest checks out at a phone's width with a name that looks like a
// template; the confirmation email shows what the order page shows (lines,
// subtotal, shipping, total, payment, address as its country writes it, the
// date) with the name as typed; the operator cancels it on the desk, and the
// shopper's page, the page without JavaScript, the desk and the email all
// say nothing is due. The checkout offers the countries the shop ships to
// (the United States) and the server refuses another.

const run = Date.now().toString(36);
const MOBILE = { width: 390, height: 844 };
const [lamp] = demoProducts;
const SHOPPER: CheckoutEntry = {
  email: `summary.${run}@example.com`,
  name: "Ada {orderId} {reference}",
  phone: "",
  country: "US",
  line1: "1221 SW 4th Ave",
  line2: "Suite 2",
  city: "Portland",
  region: "OR",
  postalCode: "97204",
};
const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);

test.describe.configure({ mode: "serial" });

let orderPath = "";
let reference = "";

/** The order page's address, line by line. */
const addressLines = async (page: Page) => (await page.getByTestId("order-address").innerText()).split("\n").map((line) => line.trim());

test("a guest's order: the page and the confirmation email show the same summary, the address as the United States writes it, the typed name as typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await context.newPage();
  await addToCartOverHttp(page, lamp.id);
  await page.goto("/checkout-page");
  await cartReady(page);
  // The one country the shop ships to is all the checkout offers; the footer says so.
  await expect(page.getByLabel("Country", { exact: true }).locator("option:not([value=''])")).toHaveText(["United States"]);
  await expect(page.locator("footer")).toContainText("United States");
  await fillCheckout(page, SHOPPER);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\?token=/, { timeout: 20_000 });
  orderPath = new URL(page.url()).pathname + new URL(page.url()).search;
  reference = (await page.getByTestId("order-reference").textContent())!;

  await expect(page.getByTestId("order-payment")).toHaveText("Due on delivery");
  await expect(page.getByTestId("order-total")).toHaveText(`${usd(lamp.price)} USD`);
  expect(await addressLines(page)).toEqual(["1221 SW 4th Ave", "Suite 2", "Portland, OR 97204", "United States"]);
  await expect(page.locator("main").getByText("Ada {orderId} {reference}")).toBeVisible();

  const mail = await mailWithSubject(SHOPPER.email, `Your order ${reference}`);
  for (const part of [
    "Hello Ada {orderId} {reference},",
    `Order ${reference}, placed `,
    `- ${lamp.name} × 1: ${usd(lamp.price)}`,
    `Subtotal: ${usd(lamp.price)}`,
    // Over the contiguous zone's $50.00: free, named by its zone.
    "Shipping (Contiguous United States): Free",
    `Total: ${usd(lamp.price)} USD`,
    "Payment: Due on delivery",
    "Ada {orderId} {reference}\n1221 SW 4th Ave\nSuite 2\nPortland, OR 97204\nUnited States",
  ]) {
    expect(mail.text, part).toContain(part);
  }
  expect(mail.text).not.toMatch(/paid on delivery/i);
  await context.close();
});

test("cancelled on the desk, the order owes nothing on the shopper's page, the page without JavaScript, the desk and the email", async ({
  browser,
}) => {
  const admin = await browser.newContext();
  const desk = await admin.newPage();
  await adminSession(desk);
  await desk.goto(`/admin-entry/orders?q=${encodeURIComponent(reference)}`);
  await desk.getByRole("link", { name: reference }).click();
  await expect(desk.getByRole("heading", { level: 1 })).toContainText(reference);
  await desk.getByRole("button", { name: "Cancel order" }).click();
  await expect(desk.locator("main").getByTestId("order-states").first()).toContainText("Nothing due");
  expect(await addressLines(desk)).toEqual(["1221 SW 4th Ave", "Suite 2", "Portland, OR 97204", "United States"]);
  await admin.close();

  const shopper = await browser.newContext({ viewport: MOBILE });
  const page = await shopper.newPage();
  await page.goto(orderPath);
  await expect(page.getByTestId("order-fulfilment")).toHaveText("Cancelled");
  await expect(page.getByTestId("order-payment")).toHaveText("Nothing is due");
  const [path, query] = orderPath.split("?");
  await page.goto(`${path}/without-javascript?${query}`);
  await expect(page.getByTestId("order-payment")).toHaveText("Nothing is due");
  await expect(page.getByTestId("order-total")).toHaveText(`${usd(lamp.price)} USD`);
  await shopper.close();

  const mail = await mailWithSubject(SHOPPER.email, `Your order ${reference}: cancelled`);
  expect(mail.text).toContain("Your order was cancelled.");
  expect(mail.text).toContain("Payment: Nothing is due");
});

test("the server refuses a country the shop does not ship to, on its field, and places nothing", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/cart-page/without-javascript");
  await page.goto(`/details-page/${lamp.id}`);
  await page
    .getByTestId("product-details")
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await page.goto("/checkout-page/without-javascript");
  // What the page's own form would post, but for a country its choice does not offer.
  const form = page.locator("main form").filter({ has: page.getByRole("button", { name: "Place order" }) });
  const hidden: [string, string][] = [];
  for (const input of await form.locator("input[type=hidden]").all()) {
    hidden.push([(await input.getAttribute("name"))!, (await input.getAttribute("value"))!]);
  }
  const fields = { ...SHOPPER, country: "JP", email: `summary.jp.${run}@example.com` };
  const body = new URLSearchParams([...hidden, ...Object.entries(fields)]);
  const answer = await context.request.post("/checkout-page/without-javascript", {
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(page.url()).origin },
    data: body.toString(),
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(422);
  const html = await answer.text();
  // No shipping zone serves Japan: the store refuses it in the placement's transaction, on the country's field.
  expect(html).toContain(
    'id="checkout-country-error" class="error">We do not ship to this address. Choose a country and state we ship to.</p>',
  );
  // The cart still holds the line: nothing was placed.
  await page.goto("/cart-page/without-javascript");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await context.close();
});
