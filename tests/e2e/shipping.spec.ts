import { expect, test, type Browser } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { signInAsAdmin } from "./helpers/accounts";
import { ownContexts } from "./helpers/own-contexts";
import { pageReady } from "./helpers/page-ready";
import { addFromDetailsWithoutJavascript, fillCheckout, type CheckoutEntry } from "./helpers/shopper-checkout";
import { demoProducts } from "./support";

// Issue 39, item 2: shipping by zone. With the default zones an order to
// Alaska pays its zone's $15.00, shown as the address is typed and kept on
// the order; a country the operator adds on the admin's shipping page is
// served at its rate, with JavaScript and without (where the page shows the
// rates in words and, posted an address, its bill before it places it).
// The spec deletes the zone it added, so the specs after it see the defaults.

const newContext = ownContexts(test);
const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
/** $18.99: under the contiguous zone's $50.00, so shipping is charged. */
const BOOK = demoProducts[3];

const ALASKA: Partial<CheckoutEntry> = {
  email: "shipping.alaska@example.com",
  name: "Al Aska",
  country: "US",
  line1: "1 Bay Road",
  city: "Juneau",
  region: "AK",
  postalCode: "99801",
};
const TORONTO: Partial<CheckoutEntry> = {
  email: "shipping.toronto@example.com",
  name: "Tor Onto",
  country: "CA",
  line1: "1 King St W",
  city: "Toronto",
  region: "ON",
  postalCode: "M5H 1A1",
};

test("with JavaScript: Alaska pays its zone's $15.00, shown as the address is typed, and the order keeps it", async ({ page }) => {
  // The default zones: the shipping page, opened from the footer's country button, says the United States alone.
  await page.goto("/");
  await pageReady(page);
  await page.locator("footer summary").filter({ hasText: "United States" }).click();
  await page.locator("footer").getByRole("link", { name: "Where we ship" }).click();
  await expect(page.getByTestId("ships-to")).toHaveText("We ship within the United States.");
  await addToCartOverHttp(page, BOOK.id);
  // The cart's estimate before an address is known: the default zones' lowest rate and its threshold.
  await page.goto("/cart-page");
  await expect(page.getByTestId("shipping-estimate")).toHaveText(
    "Shipping from $5.00, free over $50.00; the rate for your address, and sales tax where it is due, at checkout.",
  );
  await page.goto("/checkout-page");
  await pageReady(page);
  const shipping = page.getByTestId("checkout-shipping");
  await expect(shipping).toHaveText("Enter your address");
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(BOOK.price)} USD`);
  await fillCheckout(page, { ...ALASKA, region: "IL" });
  await expect(shipping).toHaveText("$5.00");
  // Illinois taxes the book and its shipping: ($18.99 + $5.00) × 6.25 % = $1.50.
  await expect(page.getByTestId("checkout-tax")).toHaveText("$1.50");
  await fillCheckout(page, { region: "AK" });
  await expect(shipping).toHaveText("$15.00");
  await expect(page.getByTestId("checkout-tax")).toHaveText("None");
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(BOOK.price + 15)} USD`);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\//, { timeout: 20_000 });
  await expect(page.getByTestId("order-total")).toHaveText(`${usd(BOOK.price + 15)} USD`);
  await expect(page.getByRole("article").getByText("Shipping (Alaska and Hawaii)")).toBeVisible();
});

/** Signs in as the admin in a context of its own and opens the shipping page. */
async function shippingAdmin(browser: Browser) {
  const admin = await (await newContext(browser)).newPage();
  await signInAsAdmin(admin);
  await admin.getByRole("link", { name: "Shipping: zones and rates" }).click();
  await expect(admin).toHaveURL(/\/admin-entry\/shipping$/);
  return admin;
}

test("a country the operator adds is served at its rate, with JavaScript and without", async ({ browser }) => {
  const admin = await shippingAdmin(browser);
  await admin.locator("#zone-country").fill("CA");
  await admin.locator("#zone-name").fill("Canada");
  await admin.locator("#zone-rate").fill("20.00");
  await admin.getByRole("button", { name: "Add zone" }).click();
  await expect(admin.getByTestId("shipping-notice")).toHaveText("The zone was added.");
  await expect(admin.getByTestId("shipping-zone").filter({ hasText: "Canada (Canada): $20.00" })).toHaveCount(1);
  try {
    // The shipping page, reached from the footer without JavaScript, reads the same zones.
    const visitor = await (await newContext(browser, { javaScriptEnabled: false })).newPage();
    await visitor.goto("/electronics");
    await visitor.locator("footer").getByRole("link", { name: "Shipping", exact: true }).click();
    await expect(visitor).toHaveURL(/\/shipping$/);
    await expect(visitor.getByTestId("ships-to")).toHaveText("We ship to the United States and Canada.");
    await expect(visitor.getByTestId("shipping-zones").getByRole("listitem").filter({ hasText: "Canada (Canada): $20.00" })).toHaveCount(1);

    // With JavaScript: the country is offered, its rate shown and charged.
    const shopper = await (await newContext(browser)).newPage();
    await addToCartOverHttp(shopper, BOOK.id);
    await shopper.goto("/checkout-page");
    await pageReady(shopper);
    await fillCheckout(shopper, TORONTO);
    await expect(shopper.getByTestId("checkout-shipping")).toHaveText("$20.00");
    await shopper.getByRole("button", { name: "Place order" }).click();
    await expect(shopper).toHaveURL(/\/orders-page\//, { timeout: 20_000 });
    await expect(shopper.getByTestId("order-total")).toHaveText(`${usd(BOOK.price + 20)} USD`);
    await expect(shopper.getByRole("article").getByText("Shipping (Canada)")).toBeVisible();

    // Without JavaScript: the rates in words; the first post shows the bill for the address, the second places it.
    const plain = await (await newContext(browser, { javaScriptEnabled: false })).newPage();
    await addFromDetailsWithoutJavascript(plain, BOOK.id);
    await expect(plain.getByTestId("shipping-estimate")).toHaveText(
      "Shipping from $5.00, free over $50.00; the rate for your address, and sales tax where it is due, at checkout.",
    );
    await plain.goto("/checkout-page/without-javascript");
    await expect(plain.getByTestId("shipping-rates")).toContainText("Canada: $20.00");
    await expect(plain.getByTestId("shipping-rates")).toContainText("Alaska and Hawaii: $15.00");
    await fillCheckout(plain, TORONTO);
    await plain.getByRole("button", { name: "Place order" }).click();
    await expect(plain.getByTestId("checkout-problem")).toHaveText(
      `Shipping (Canada) is $20.00 and no sales tax is due: the total is ${usd(BOOK.price + 20)} USD. Check it and place your order.`,
    );
    await expect(plain.getByTestId("checkout-total")).toHaveText(usd(BOOK.price + 20));
    await plain.getByRole("button", { name: "Place order" }).click();
    await expect(plain).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\/without-javascript/, { timeout: 20_000 });
    await expect(plain.getByTestId("order-total")).toHaveText(`${usd(BOOK.price + 20)} USD`);
  } finally {
    await admin.goto("/admin-entry/shipping");
    await admin.getByRole("button", { name: "Delete Canada" }).click();
    await expect(admin.getByTestId("shipping-notice")).toHaveText("The zone was deleted.");
  }
});
