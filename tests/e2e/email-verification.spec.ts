import { expect, test, type Page } from "@playwright/test";
import { VERIFICATION_MAIL_MESSAGES, VERIFY_EMAIL_MESSAGES } from "../../lib/account/email-verification-state";
import { collectDialogs } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { mailsTo, mailWithSubject } from "./helpers/caught-mail";
import { placeOrderInSuiteStore } from "./helpers/orders";
import { demoProducts } from "./support";

// Issue 43, item 2, as a shopper sees it, on either backend: a guest orders,
// later signs up with the same address (the sign-up form, Firebase Auth's
// emulator) and gets a verification email from the shop (its own words, its
// outbox, the suite's SMTP catcher); until they verify, Your orders says what
// verifying unlocks and sends the link again (with JavaScript and without);
// the link opens the shop's own page, which verifies the address, and the
// guest order is then in Your orders. The link works once.

const run = Date.now().toString(36);
const SUBJECT = "Verify your email address for Storefront";
const PASSWORD = "verify-password-1";

/** The link a verification email carries, on this suite's shop. */
function linkIn(text: string): string {
  const link = /^https?:\/\/\S+\/verify-email\?code=\S+$/m.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

/** Signs up on /sign-page through its form, and waits until the header names the new account. */
async function signUp(page: Page, email: string, name: string): Promise<void> {
  const dialogs = collectDialogs(page);
  await page.goto("/sign-page");
  await page.locator("#signup-email").fill(email);
  await page.locator("#signup-name").fill(name);
  await page.locator("#signup-password").fill(PASSWORD);
  await page.locator("#signup-confirm").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect.poll(() => dialogs).toEqual(["Registration Successful. Login..."]);
  await expect(page.getByTestId("account-name")).toContainText(name);
}

test("a shopper who signs up gets a link to verify their address; verifying joins their earlier guest order", async ({ page, browser }) => {
  const email = `verify.${run}@example.com`;
  const guestOrder = await placeOrderInSuiteStore(email, { [demoProducts[2].id]: 1 });

  await signUp(page, email, "Vera Verify");
  const first = await mailWithSubject(email, SUBJECT);
  expect(first.text).toMatch(/Orders you placed as a guest with this address then join your account\./);

  // Not verified yet: the banner says what verifying unlocks, and the guest order is not listed.
  await page.goto("/orders-page");
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toContainText(email);
  await expect(banner).toContainText("Orders you placed as a guest with this address then join your account.");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The banner sends the link again, with JavaScript: the answer takes focus.
  await banner.getByRole("button", { name: "Email me the link again" }).click();
  const answer = page.getByTestId("verify-email-answer");
  await expect(answer).toHaveText(VERIFICATION_MAIL_MESSAGES.sent);
  await expect(answer).toBeFocused();
  // ...and without: the page comes back with the answer.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto("/orders-page");
  await plain.getByRole("button", { name: "Email me the link again" }).click();
  await expect(plain).toHaveURL(/\/orders-page\?verification=sent$/);
  await expect(plain.getByTestId("verify-email-answer")).toHaveText(VERIFICATION_MAIL_MESSAGES.sent);
  await noScript.close();
  // Three links in all (the guest order's own confirmation goes to the same address).
  const verificationMails = async () => (await mailsTo(email)).filter((mail) => mail.subject === SUBJECT).length;
  await expect.poll(verificationMails, { timeout: 15_000 }).toBe(3);

  // The link of the first mail verifies the address (each mail's code is its own), and the guest order joins at once.
  await page.goto(linkIn(first.text));
  const outcome = page.getByTestId("verify-email-outcome");
  await expect(outcome).toHaveText(`${VERIFY_EMAIL_MESSAGES.done} Orders you placed as a guest with this address then join your account.`);
  await expect(outcome).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "See your orders" }).click();
  await expect(page.getByTestId("order-item").filter({ hasText: guestOrder.reference })).toHaveCount(1);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

  // The link works once.
  await page.goto(linkIn(first.text));
  await expect(page.getByTestId("verify-email-outcome")).toHaveText(VERIFY_EMAIL_MESSAGES.badLink);
});

test("without JavaScript the verification page says at once that it needs it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/verify-email?code=not-a-real-code");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email address");
  await expect(page.getByTestId("needs-javascript")).toBeVisible();
  await context.close();
});
