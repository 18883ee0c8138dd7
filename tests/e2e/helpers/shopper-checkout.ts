import { expect, type Page } from "@playwright/test";
import { mailsTo, type CaughtMail } from "./caught-mail";
import { pageReady } from "./page-ready";

/** Waits until the header's cart link says the cart state has the server's cart. */
export const cartReady = pageReady;

/** The checkout's fields as a shopper fills them in (labels of lib/orders/checkout-fields.ts). */
export interface CheckoutEntry {
  email: string;
  name: string;
  phone: string;
  country: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
}

const LABELS: Record<keyof CheckoutEntry, string> = {
  email: "Email",
  name: "Full name",
  phone: "Phone (optional)",
  country: "Country",
  line1: "Address",
  line2: "Apartment, suite, etc. (optional)",
  city: "City",
  region: "State, province or county",
  postalCode: "Postal code",
};

/** The checkout field labelled for `key`. */
const checkoutField = (page: Page, key: keyof CheckoutEntry) => page.getByLabel(LABELS[key], { exact: true });

/** Adds `id` to the page's cart from its details page, through the JavaScript button. */
export async function addFromDetails(page: Page, id: string): Promise<void> {
  await expect(async () => {
    const response = await page.goto(`/details-page/${id}`);
    expect(response?.status()).toBe(200);
  }).toPass({ timeout: 30_000 });
  await cartReady(page);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await page
    .getByTestId("product-details")
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await answered;
}

/** Adds `id` to the cart from its details page without JavaScript: the form posts and answers with the cart made without React. */
export async function addFromDetailsWithoutJavascript(page: Page, id: string): Promise<void> {
  await page.goto(`/details-page/${id}`);
  const add = page.getByTestId("product-details").getByRole("button", { name: /^Add to Cart/ });
  await Promise.all([page.waitForURL((url) => url.pathname === "/cart-page/without-javascript"), add.first().click()]);
}

/**
 * Fills in the fields given, leaving the others as they are, on the checkout
 * or the address book's form (their fields are labelled alike:
 * lib/addresses/address-form-fields.ts).
 */
export async function fillAddressFields(page: Page, values: Partial<CheckoutEntry>): Promise<void> {
  for (const [key, value] of Object.entries(values) as Array<[keyof CheckoutEntry, string]>) {
    const field = checkoutField(page, key);
    // The country, and a US address's state, are chosen (lib/orders/checkout-fields.ts, regionIsUsState).
    if (key === "country" || (key === "region" && (await field.evaluate((element) => element.tagName)) === "SELECT"))
      await field.selectOption(value);
    else await field.fill(value);
  }
}

/** How the checkout's payment choice names each way to pay (lib/orders/checkout-fields.ts, PAYMENT_CHOICES). */
const PAYMENT_LABELS = { card: "Pay by card", pay_on_delivery: "Pay on delivery" } as const;

/**
 * Fills in the fields given, leaving the others as they are, and chooses how
 * to pay: on delivery unless told (the suite's shop takes cards through the
 * Stripe stand-in, and the choice starts on card; a spec's extra instance
 * has no Stripe keys and offers no choice: on delivery it is).
 */
export async function fillCheckout(
  page: Page,
  values: Partial<CheckoutEntry>,
  payment: keyof typeof PAYMENT_LABELS = "pay_on_delivery",
): Promise<void> {
  await fillAddressFields(page, values);
  if ((await page.getByRole("radio", { name: PAYMENT_LABELS.card }).count()) > 0) {
    await page.getByRole("radio", { name: PAYMENT_LABELS[payment] }).check();
    return;
  }
  // One way offered (no Stripe keys, or pay on delivery turned off): posted hidden, and it must be the one asked for.
  const only = page.locator('input[type="hidden"][name="paymentMethod"]');
  const offered = (await only.count()) > 0 ? await only.getAttribute("value") : null;
  if (offered !== payment) throw new Error(`This checkout offers ${offered ?? "no way to pay"}, not ${payment}`);
}

/** Expects each field given to hold its value (what the checkout filled in or kept). */
export async function expectCheckoutValues(page: Page, values: Partial<CheckoutEntry>): Promise<void> {
  for (const [key, value] of Object.entries(values) as Array<[keyof CheckoutEntry, string]>) {
    await expect(checkoutField(page, key), `the checkout's ${LABELS[key]}`).toHaveValue(value);
  }
}

/**
 * The mail to `address` with exactly `subject`, once it arrived (the shop
 * sends after its response): polls the suite's catcher up to `timeoutMs`.
 */
export async function mailWithSubject(address: string, subject: string, timeoutMs = 30_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address, { timeoutMs: Math.max(0, deadline - Date.now()) });
    const found = mails.find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `No mail "${subject}" to ${address} within ${timeoutMs / 1000} s; arrived: ${mails.map((mail) => `"${mail.subject}"`).join(", ")}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
