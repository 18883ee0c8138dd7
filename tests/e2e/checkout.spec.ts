import { expect, test, type Browser, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { signInAsAdmin } from "./helpers/accounts";
import { addProductThroughForm } from "./helpers/admin-form";
import { axeViolations } from "./helpers/axe";
import { mailWithSubject } from "./helpers/caught-mail";
import { productsNamed } from "./helpers/db";
import { escapeRegExp } from "./helpers/escape-regexp";
import { tabTo } from "./helpers/keyboard";
import { demoProducts } from "./support";
import { pageReady as ready } from "./helpers/page-ready";

// Issue 28, items 1, 2 (as the shopper sees it), 3 (the order's page) and 4
// (the header's link, the orders page for a guest): a guest's checkout end
// to end at a phone's width, axe-clean; a price changed during checkout
// refused and named; the same submit twice making one order; the checkout
// without JavaScript. Adds and edits a product of its own (tests/e2e/passes.json
// catalogueWrites), never the demo catalogue's.

const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
const REFERENCE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
const [lamp, mug] = [demoProducts[0], demoProducts[1]];

const SHOPPER = {
  email: "checkout.guest@example.com",
  name: "Ada Guest",
  phone: "+1 555 0100",
  country: "US",
  line1: "1 Main Street",
  line2: "Apt 2",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};

async function fillCheckout(page: Page, values: Partial<typeof SHOPPER> = SHOPPER) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  if (values.email !== undefined) await field("Email").fill(values.email);
  if (values.name !== undefined) await field("Full name").fill(values.name);
  if (values.phone !== undefined) await field("Phone (optional)").fill(values.phone);
  if (values.country !== undefined) await field("Country").selectOption(values.country);
  if (values.line1 !== undefined) await field("Address").fill(values.line1);
  if (values.line2 !== undefined) await field("Apartment, suite, etc. (optional)").fill(values.line2);
  if (values.city !== undefined) await field("City").fill(values.city);
  // A US address's state is chosen from the states (lib/orders/checkout-fields.ts).
  if (values.region !== undefined) await field("State, province or county").selectOption(values.region);
  if (values.postalCode !== undefined) await field("Postal code").fill(values.postalCode);
  // These specs pay on delivery (card payments: card-payments.spec.ts).
  await page.getByRole("radio", { name: "Pay on delivery" }).check();
}

async function expectAxeClean(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
}

test("a guest checks out at a phone's width: errors by their fields, the order placed, its confirmation email read back, its page only with the link's token", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await addToCartOverHttp(page, lamp.id);

  await page.goto("/cart-page");
  await ready(page);
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout-page$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByTestId("checkout-line")).toContainText(lamp.name);
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(lamp.price)} USD`);
  // The autocomplete tokens a browser fills the form with.
  for (const [label, token] of [
    ["Email", "email"],
    ["Full name", "name"],
    ["Phone (optional)", "tel"],
    ["Country", "country"],
    ["Address", "address-line1"],
    ["Apartment, suite, etc. (optional)", "address-line2"],
    ["City", "address-level2"],
    ["State, province or county", "address-level1"],
    ["Postal code", "postal-code"],
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("autocomplete", token);
  }
  await expectAxeClean(page, "the checkout at 390 px");

  // A bad email and no address: each error by its field, what was typed kept, nothing placed.
  await fillCheckout(page, { email: "not-an-email", name: SHOPPER.name });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#checkout-email-error")).toHaveText("Enter an email address like name@example.com.");
  await expect(page.locator("#checkout-line1-error")).toHaveText("Enter your address.");
  await expect(page.getByLabel("Full name", { exact: true })).toHaveValue(SHOPPER.name);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  await expectAxeClean(page, "the checkout with its errors at 390 px");

  await fillCheckout(page);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\?token=[A-Za-z0-9_-]{43}$/, { timeout: 20_000 });
  const orderUrl = new URL(page.url());
  await expect(page.getByTestId("order-reference")).toHaveText(REFERENCE);
  await expect(page.getByTestId("order-line")).toContainText(lamp.name);
  // $249.00, shipped free, and Illinois's 6.25 %: $15.56.
  await expect(page.getByTestId("order-total")).toHaveText(`${usd(264.56)} USD`);
  await expect(page.getByText("Thank you for your order.")).toBeVisible();
  await expect(page.getByText(SHOPPER.line1)).toBeVisible();
  await expectAxeClean(page, "the confirmation at 390 px");

  // The confirmation email, read back from the local SMTP catcher: its reference, and the link that opens the order.
  const reference = (await page.getByTestId("order-reference").textContent())!;
  const mail = await mailWithSubject(SHOPPER.email, `Your order ${reference}`, { timeoutMs: 30_000 });
  expect(mail.messageId).toMatch(/^<order-[A-Za-z0-9_-]+-confirmation@storefront>$/);
  expect(mail.text).toContain(lamp.name);
  const link = mail.text.match(/https?:\/\/\S+\/orders-page\/\S+/)?.[0];
  expect(link, "the email links to the order").toBeDefined();
  expect(new URL(link!).pathname + new URL(link!).search).toBe(orderUrl.pathname + orderUrl.search);

  // The order's page is private, never indexed; opened only with its token.
  const withToken = await context.request.get(orderUrl.pathname + orderUrl.search);
  expect(withToken.status()).toBe(200);
  expect(withToken.headers()["cache-control"]).toBe("private, no-store");
  expect(await withToken.text()).toMatch(/<meta name="robots" content="noindex/);
  // Without its token, signed out: the sign-in page (issue 38, item 7), which offers a guest a new link.
  const withoutToken = await context.request.get(orderUrl.pathname, { maxRedirects: 0 });
  expect(withoutToken.status()).toBe(307);
  expect(withoutToken.headers().location).toBe(`/sign-page?callbackUrl=${encodeURIComponent(orderUrl.pathname)}`);
  const wrongToken = await context.request.get(`${orderUrl.pathname}?token=${"A".repeat(43)}`);
  expect(wrongToken.status()).toBe(404);
  await page.goto(`${orderUrl.pathname}?token=${"b".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  // The cart was emptied with the order: Checkout waits for a product.
  await page.goto("/cart-page");
  await expect(page.getByText("no items in cart")).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();

  // "Return & Order" (the footer's link at this width) tells a guest how to find an order.
  await page.getByRole("contentinfo").getByRole("link", { name: "Returns & orders" }).click();
  await expect(page.getByRole("heading", { name: "Returns & Orders", level: 1 })).toBeVisible();
  await expect(page.getByText(/opens from the link in its confirmation email/)).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-page");
  await context.close();
});

/** A signed-in admin's page on the product's editor. */
test("keyboard only: from the cart's Checkout to a placed order, the fields in reading order, focus on the field a refusal names", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await addToCartOverHttp(page, mug.id);
  await page.goto("/cart-page");
  await ready(page);
  await tabTo(page, page.getByRole("link", { name: "Checkout" }));
  await Promise.all([page.waitForURL("**/checkout-page"), page.keyboard.press("Enter")]);

  // Each field is reached by one Tab from the one before, in the order they are read; typed, not filled.
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await tabTo(page, field("Email"));
  const typed: Array<[string, string]> = [
    ["Email", SHOPPER.email],
    ["Full name", SHOPPER.name],
    ["Phone (optional)", ""],
    ["Country", "United States"],
    ["Address", SHOPPER.line1],
    ["Apartment, suite, etc. (optional)", ""],
    ["City", SHOPPER.city],
    ["State, province or county", SHOPPER.region],
    ["Postal code", ""],
  ];
  for (const [index, [label, text]] of typed.entries()) {
    if (index > 0) await page.keyboard.press("Tab");
    await expect(field(label), `Tab ${index} reaches ${label}`).toBeFocused();
    if (text) await page.keyboard.type(text);
  }
  await expect(field("Country")).toHaveValue("US");

  // How to pay, chosen with the arrow keys (the choice starts on card): on delivery.
  await tabTo(page, page.getByRole("radio", { name: "Pay by card" }));
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Pay on delivery" })).toBeChecked();

  // The postal code left empty: Enter on "Place order" is refused, and focus goes to that field.
  await tabTo(page, page.getByRole("button", { name: "Place order" }));
  await page.keyboard.press("Enter");
  await expect(page.locator("#checkout-postalCode-error")).toHaveText("Enter your postal code.");
  await expect(field("Postal code")).toBeFocused();
  await expect(field("City")).toHaveValue(SHOPPER.city);

  // Typed there, Enter submits the form: the order is placed.
  await page.keyboard.type(SHOPPER.postalCode);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\?token=/, { timeout: 20_000 });
  await expect(page.getByTestId("order-reference")).toHaveText(REFERENCE);
  await context.close();
});

async function editPrice(browser: Browser, name: string, price: string): Promise<void> {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.getByRole("link", { name: /Manage products/ }).click();
  await admin.locator("main").getByRole("searchbox", { name: "Search" }).fill(name);
  await admin.locator("main").getByRole("button", { name: "Show" }).click();
  await admin.getByTestId("admin-product-row").first().getByRole("link", { name, exact: true }).click();
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
  await admin.locator("#productPrize").fill(price);
  await admin.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByTestId("edit-status")).toHaveText(`Saved “${name}”.`);
  await admin.context().close();
}

test("a price changed during checkout refuses the order, names the line and shows the new figures; placed again it goes through", async ({
  browser,
}) => {
  const name = "Checkout Kettle";
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await addProductThroughForm(
    admin,
    {
      name,
      image: "https://images.example.com/checkout-kettle.jpg",
      price: "20.00",
      details: `${name}, for the checkout spec.`,
      type: "Sport",
    },
    { timeout: 20_000 },
  );
  await admin.context().close();
  const [{ id }] = await productsNamed(name);

  const context = await browser.newContext();
  const page = await context.newPage();
  // The product the admin just added: known to the cart's action once its write is read back.
  await expect(() => addToCartOverHttp(page, id)).toPass({ timeout: 30_000 });
  await page.goto("/checkout-page");
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(20)} USD`);
  await fillCheckout(page);

  await editPrice(browser, name, "25.00");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByTestId("checkout-problem")).toContainText(`The price of “${name}” changed.`);
  await expect(page.getByTestId("checkout-line").filter({ hasText: name }).getByTestId("line-problem")).toContainText("changed");
  // $25.00, the contiguous zone's $5.00 for Illinois (under its $50.00 threshold) and 6.25 % of both: $1.88.
  await expect(page.getByTestId("checkout-total")).toHaveText(`${usd(31.88)} USD`);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(SHOPPER.email);
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue(SHOPPER.country);
  await expect(page).toHaveURL(/\/checkout-page$/);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\//, { timeout: 20_000 });
  await expect(page.getByTestId("order-total")).toHaveText(`${usd(31.88)} USD`);
  await context.close();
});

test("without JavaScript: the checkout is a form that posts; the same submit sent twice makes one order", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/details-page/${mug.id}`);
  const button = page.getByRole("button", { name: new RegExp(`^Add to Cart\\W+${escapeRegExp(mug.name)}$`) }).first();
  await Promise.all([page.waitForURL((url) => url.pathname === "/cart-page/without-javascript"), button.click()]);

  // The React checkout's form needs its script (its errors and focus): without one it is not shown
  // (@media (scripting: none)), and the page links to the checkout made without React.
  await page.goto("/checkout-page");
  await expect(page.getByRole("link", { name: "Check out without JavaScript" })).toBeVisible();
  // In the HTML, but not shown.
  await expect(page.locator("form button[type=submit]", { hasText: "Place order" })).toHaveCount(1);
  await expect(page.locator("form button[type=submit]", { hasText: "Place order" })).toBeHidden();
  await expect(page.locator("#checkout-email")).toHaveCount(1);
  await expect(page.locator("#checkout-email")).toBeHidden();
  await page.goto("/cart-page/without-javascript");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout-page\/without-javascript$/);
  await expect(page.getByTestId("checkout-line")).toContainText(mug.name);

  // A refusal answers the page again: the error by its field, the values typed kept.
  await fillCheckout(page, { ...SHOPPER, postalCode: "" });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.locator("#checkout-postalCode-error")).toHaveText("Enter your postal code.");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue(SHOPPER.city);
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue(SHOPPER.country);

  // Double submit: the page's form, sent twice at once with its one idempotency key.
  const form: Record<string, string> = { ...SHOPPER };
  form.idempotencyKey = (await page.locator('input[name="idempotencyKey"]').getAttribute("value"))!;
  form.line = (await page.locator('input[name="line"]').getAttribute("value"))!;
  // The bill the page shows for the address posted: shipping free, the sunglasses being over the $50.00 threshold;
  // Illinois's 6.25 % of $64.99 is $4.06.
  form.shipping = (await page.locator('input[name="shipping"]').getAttribute("value"))!;
  form.tax = (await page.locator('input[name="tax"]').getAttribute("value"))!;
  form.discount = (await page.locator('input[name="discount"]').getAttribute("value"))!;
  expect([form.shipping, form.tax, form.discount]).toEqual(["0", "406", "0"]);
  const post = () => context.request.post("/checkout-page/without-javascript", { form, headers: { origin: baseURL! }, maxRedirects: 0 });
  const [first, second] = await Promise.all([post(), post()]);
  expect([first.status(), second.status()]).toEqual([303, 303]);
  const location = first.headers()["location"];
  expect(location).toMatch(/^\/orders-page\/[A-Za-z0-9_-]+\/without-javascript\?token=[A-Za-z0-9_-]{43}$/);
  expect(second.headers()["location"]).toBe(location);
  // Sent again later, it is still the same order.
  expect((await post()).headers()["location"]).toBe(location);

  await page.goto(location);
  await expect(page.getByTestId("order-reference")).toHaveText(REFERENCE);
  await expect(page.getByTestId("order-line")).toContainText(mug.name);
  await expect(page.getByTestId("order-line")).toHaveCount(1);

  // The confirmation email's link opens the React page, which answers with the order in its HTML: no script needed.
  const reference = (await page.getByTestId("order-reference").textContent())!;
  const mail = await mailWithSubject(SHOPPER.email, `Your order ${reference}`, { timeoutMs: 30_000 });
  const link = new URL(mail.text.match(/https?:\/\/\S+\/orders-page\/\S+/)![0]);
  expect(link.pathname + link.search).toBe(location.replace("/without-javascript", ""));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId("order-reference")).toBeVisible();
  await expect(page.getByTestId("order-reference")).toHaveText(reference);
  await expect(page.getByTestId("order-line")).toContainText(mug.name);
  await expect(page.getByText("Loading your order")).toHaveCount(0);
  await page.goto("/cart-page/without-javascript");
  await expect(page.getByText("no items in cart")).toBeVisible();
  await context.close();
});
