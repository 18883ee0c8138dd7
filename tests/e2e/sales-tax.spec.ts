import { expect, test } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { adminSession } from "./helpers/accounts";
import { pageReady } from "./helpers/page-ready";
import { addFromDetailsWithoutJavascript, fillCheckout, mailWithSubject, type CheckoutEntry } from "./helpers/shopper-checkout";
import { demoProducts } from "./support";

// Issue 39, item 3: US sales tax by the destination state, from the table
// in the repository (lib/data/rules/us-sales-tax-table.ts), its own line on
// the bill. A $18.99 book ships for $5.00 (under the contiguous zone's
// $50.00). California taxes the goods only: 7.25 % of $18.99 is $1.38.
// Illinois taxes the goods and the shipping: 6.25 % of $23.99 is $1.50. The
// figures are worked here by hand, not by the shop's own rule.

const run = Date.now().toString(36);
const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
const BOOK = demoProducts[3];

const SHOPPER: CheckoutEntry = {
  email: `sales-tax.${run}@example.com`,
  name: "Tax Payer",
  phone: "",
  country: "US",
  line1: "100 State St",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};
const CALIFORNIA: Partial<CheckoutEntry> = { city: "Fresno", region: "CA", postalCode: "93650" };

test("with JavaScript: the tax follows the state as it is chosen, and the order page, the email and the desk show the same line", async ({
  page,
  browser,
}) => {
  expect(BOOK.price).toBe(18.99);
  await addToCartOverHttp(page, BOOK.id);
  await page.goto("/checkout-page");
  await pageReady(page);
  const tax = page.getByTestId("checkout-tax");
  await expect(tax).toHaveText("Enter your address");
  await fillCheckout(page, { ...SHOPPER, ...CALIFORNIA });
  await expect(page.getByText("Sales tax (California, 7.25%)")).toBeVisible();
  await expect(tax).toHaveText("$1.38");
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(25.37)} USD`);
  await fillCheckout(page, { city: SHOPPER.city, region: SHOPPER.region, postalCode: SHOPPER.postalCode });
  await expect(page.getByText("Sales tax (Illinois, 6.25%)")).toBeVisible();
  await expect(tax).toHaveText("$1.50");
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(25.49)} USD`);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\//, { timeout: 20_000 });
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("order-total")).toHaveText(`${usd(25.49)} USD`);
  // The order page's own summary (the checkout left behind may still be in the document, hidden).
  await expect(page.getByRole("article").getByText("Sales tax (Illinois, 6.25%)")).toBeVisible();

  const reference = (await page.getByTestId("order-reference").textContent())!;
  const mail = await mailWithSubject(SHOPPER.email, `Your order ${reference}`);
  for (const line of ["Shipping (Contiguous United States): $5.00", "Sales tax (Illinois, 6.25%): $1.50", `Total: ${usd(25.49)} USD`])
    expect(mail.text, line).toContain(line);

  const desk = await (await browser.newContext()).newPage();
  await adminSession(desk);
  await desk.goto(`/admin-entry/orders/${orderId}`);
  await expect(desk.locator("main").getByText("Sales tax (Illinois, 6.25%)")).toBeVisible();
  await expect(desk.getByTestId("order-total")).toHaveText(`${usd(25.49)} USD`);
  await desk.context().close();
});

test("without JavaScript: the first post answers with the address's bill, tax included; the second places it", async ({ browser }) => {
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await addFromDetailsWithoutJavascript(plain, BOOK.id);
  await plain.goto("/checkout-page/without-javascript");
  await expect(plain.getByTestId("checkout-shipping")).toHaveText("and sales tax follow from your address");
  await fillCheckout(plain, { ...SHOPPER, email: `sales-tax.plain.${run}@example.com`, ...CALIFORNIA });
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain.getByTestId("checkout-problem")).toHaveText(
    `Shipping (Contiguous United States) is $5.00 and sales tax (California, 7.25%) is $1.38: the total is ${usd(25.37)} USD. Check it and place your order.`,
  );
  await expect(plain.getByTestId("checkout-tax")).toHaveText("$1.38");
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\/without-javascript/, { timeout: 20_000 });
  await expect(plain.getByTestId("order-total")).toHaveText(`${usd(25.37)} USD`);
  await expect(plain.locator("main").getByText("Sales tax (California, 7.25%)")).toBeVisible();
  await plain.context().close();
});
