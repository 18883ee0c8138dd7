import { expect, test, type Browser } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { signInAsAdmin } from "./helpers/accounts";
import { pageReady } from "./helpers/page-ready";
import { addFromDetailsWithoutJavascript, fillCheckout, type CheckoutEntry } from "./helpers/shopper-checkout";
import { demoProducts } from "./support";

// Issue 39, item 4: discount codes. The operator creates codes on the admin's
// page; a shopper enters one at checkout, where Place order first answers
// with the bill the code makes (it is priced by the server), then places
// it; a code at its limit is refused on its field, with and without
// JavaScript. Figures worked by hand: a $18.99 book, 10 % off is $1.90
// (half a cent up); $17.09 of goods ship for $5.00; Illinois taxes both at
// 6.25 %: $1.38; the total $23.47.

const run = Date.now().toString(36).toUpperCase();
const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
const BOOK = demoProducts[3];
const ONCE = `ONCE-${run}`;
const FIVE = `FIVE-${run}`;

const SHOPPER: CheckoutEntry = {
  email: `discounts.${run.toLowerCase()}@example.com`,
  name: "Code User",
  phone: "",
  country: "US",
  line1: "100 State St",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};

test.describe.configure({ mode: "serial" });

/** The admin's discount codes page, signed in. */
async function codesPage(browser: Browser) {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.getByRole("link", { name: "Discount codes: create, list and disable" }).click();
  await expect(admin).toHaveURL(/\/admin-entry\/discounts$/);
  return admin;
}

test("the operator creates codes on the admin page: 10 % once, and $5.00 off orders from $10.00", async ({ browser }) => {
  const admin = await codesPage(browser);
  await admin.locator("#code-code").fill(ONCE.toLowerCase());
  await admin.locator("#code-value").fill("10");
  await admin.locator("#code-max-uses").fill("1");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(admin.getByTestId("discount-notice")).toHaveText("The code was created.");
  await expect(admin.getByTestId("discount-code").filter({ hasText: ONCE })).toContainText("10% off, any order. Uses: 0 of 1. On.");

  await admin.locator("#code-code").fill(FIVE);
  await admin.getByLabel("an amount in dollars").check();
  await admin.locator("#code-value").fill("5.00");
  await admin.locator("#code-minimum").fill("10.00");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(admin.getByTestId("discount-code").filter({ hasText: FIVE })).toContainText("$5.00 off, orders from $10.00. Uses: 0. On.");
  // The same letters again are refused in words.
  await admin.locator("#code-code").fill(FIVE);
  await admin.locator("#code-value").fill("5");
  await admin.getByRole("button", { name: "Create code" }).click();
  await expect(admin.getByTestId("discount-notice")).toHaveText("A code with these letters exists already: choose another.");
  await admin.context().close();
});

test("with JavaScript: Place order first shows what the code takes off, then places the order with it; the admin sees the use", async ({
  page,
  browser,
}) => {
  expect(BOOK.price).toBe(18.99);
  await addToCartOverHttp(page, BOOK.id);
  await page.goto("/checkout-page");
  await pageReady(page);
  await fillCheckout(page, SHOPPER);
  await page.getByLabel("Discount code (optional)").fill(ONCE.toLowerCase());
  await expect(page.getByTestId("checkout-discount")).toHaveText("Shown when you place your order");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByTestId("checkout-problem")).toHaveText(
    `The code ${ONCE} takes $1.90 off. Shipping (Contiguous United States) is $5.00 and sales tax (Illinois, 6.25%) is $1.38: the total is ${usd(23.47)} USD. Check it and place your order.`,
  );
  await expect(page.getByTestId("checkout-discount")).toHaveText("−$1.90");
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(23.47)} USD`);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\//, { timeout: 20_000 });
  // The order page's own summary (the checkout left behind may still be in the document, hidden).
  await expect(page.getByRole("article").getByText(`Discount (${ONCE})`)).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(`${usd(23.47)} USD`);

  const admin = await codesPage(browser);
  await expect(admin.getByTestId("discount-code").filter({ hasText: ONCE })).toContainText("Uses: 1 of 1.");
  await admin.context().close();
});

test("without JavaScript: a used-up code is refused on its field; another code's bill is shown, then placed", async ({ browser }) => {
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await addFromDetailsWithoutJavascript(plain, BOOK.id);
  await plain.goto("/checkout-page/without-javascript");
  await fillCheckout(plain, { ...SHOPPER, email: `discounts.plain.${run.toLowerCase()}@example.com` });
  await plain.getByLabel("Discount code (optional)").fill(ONCE);
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain.locator("#checkout-discountCode-error")).toHaveText(`The code “${ONCE}” has been used up.`);

  // $5.00 off $18.99: $13.99 of goods, $5.00 shipping, 6.25 % of $18.99 is $1.19; $20.18 in all.
  await plain.getByLabel("Discount code (optional)").fill(FIVE);
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain.getByTestId("checkout-problem")).toHaveText(
    `The code ${FIVE} takes $5.00 off. Shipping (Contiguous United States) is $5.00 and sales tax (Illinois, 6.25%) is $1.19: the total is ${usd(20.18)} USD. Check it and place your order.`,
  );
  await expect(plain.getByTestId("checkout-total")).toHaveText(usd(20.18));
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\/without-javascript/, { timeout: 20_000 });
  await expect(plain.getByTestId("order-total")).toHaveText(`${usd(20.18)} USD`);
  await expect(plain.locator("main").getByText(`Discount (${FIVE})`)).toBeVisible();
  await plain.context().close();
});
