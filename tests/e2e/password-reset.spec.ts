import { expect, test, type Page } from "@playwright/test";
import { FORGOT_PASSWORD_MESSAGES, NEW_PASSWORD_MESSAGES } from "../../lib/account/password-reset-state";
import { collectConsole, createEmulatorAccount, signInByToken, signInThroughUi } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { mailsTo, mailWithSubject } from "./helpers/caught-mail";

// Issue 43, item 1, as a shopper sees it, on either backend: "Forgot
// password?" on the sign-in form leads to a form that mails a link (the same
// answer whether or not an account has the address, with JavaScript and
// without); the link opens the shop's own page, which sets the new password
// with Firebase Auth (the Auth emulator) and signs the shopper in; the
// account's session in another browser ends, the old password no longer
// signs in, and the link works once.

const run = Date.now().toString(36);
const SUBJECT = "Choose a new password for your Storefront account";
const NAME = "Rita Reset";

/** The link a reset email carries, on this suite's shop. */
function linkIn(text: string): string {
  const link = /^https?:\/\/\S+\/new-password\?code=\S+$/m.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

/** Asks for a reset of `email` on /forgot-password (the page open), with JavaScript; returns the answer shown. */
async function askForReset(page: Page, email: string): Promise<string> {
  await page.locator("#forgot-email").fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  const answer = page.getByTestId("forgot-password-answer");
  await expect(answer).toBeFocused();
  return (await answer.textContent()) ?? "";
}

test("a shopper who forgot their password gets a link by email, chooses a new one and is signed in; their other session ends", async ({
  page,
  browser,
  request,
}) => {
  const email = `reset.${run}@example.com`;
  await createEmulatorAccount(request, email, "old-password-1", NAME);

  // Signed in elsewhere, before the reset: this session must end.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInByToken(other, email, "old-password-1");
  const signedInElsewhereAt = Date.now();

  await page.goto("/sign-page");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  expect(await axeViolations(page)).toEqual([]);
  expect(await askForReset(page, email)).toBe(FORGOT_PASSWORD_MESSAGES.sent);

  const mail = await mailWithSubject(email, SUBJECT);
  expect(mail.text).toMatch(/works once, for one hour/);
  const link = linkIn(mail.text);
  // Firebase keeps an account's cut-off in whole seconds: the other session began in an earlier one.
  await page.waitForTimeout(Math.max(0, 1_100 - (Date.now() - signedInElsewhereAt)));

  const console = collectConsole(page);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  await expect(page.getByLabel("Account", { exact: true })).toHaveValue(email);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("New password", { exact: true }).fill("new-password-2");
  await page.getByLabel("Confirm new password").fill("new-password-3");
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page.getByTestId("new-password-message")).toHaveText("Password does not match");
  await page.getByLabel("Confirm new password").fill("new-password-2");
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  const outcome = page.getByTestId("new-password-outcome");
  await expect(outcome).toHaveText(NEW_PASSWORD_MESSAGES.done);
  await expect(outcome).toBeFocused();
  await expect(page.getByTestId("account-name")).toContainText(NAME);
  expect(console.filter((line) => /error/i.test(line))).toEqual([]);

  // The other browser's session ended at its next read; the old password signs in nowhere.
  expect(await (await other.request.get("/api/auth/session")).json()).toEqual({});
  await other.goto("/");
  await expect(other.locator("header").getByRole("link", { name: "Sign In" })).toBeVisible();
  await other.goto("/sign-page");
  await other.locator("#signin-email").fill(email);
  await other.locator("#signin-password").fill("old-password-1");
  await other.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(other.getByTestId("signin-message")).toHaveText("Password or Email does not exist!");
  await signInThroughUi(other, email, "new-password-2", NAME);
  await elsewhere.close();

  // The session the reset started stays; the link works once.
  await page.reload();
  await expect(page.getByTestId("account-name")).toContainText(NAME);
  await page.goto(link);
  await expect(page.getByTestId("new-password-outcome")).toHaveText(NEW_PASSWORD_MESSAGES.badLink);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("the same answer for an address no account has, with nothing mailed; a bad address is said by its field", async ({
  page,
  request,
}) => {
  const stranger = `nobody.${run}@example.com`;
  const known = `reset.known.${run}@example.com`;
  await createEmulatorAccount(request, known, "known-password-1", NAME);
  await page.goto("/forgot-password");
  expect(await askForReset(page, stranger)).toBe(FORGOT_PASSWORD_MESSAGES.sent);

  await page.locator("#forgot-email").fill("not an address");
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText(FORGOT_PASSWORD_MESSAGES.email)).toBeVisible();
  await expect(page.locator("#forgot-email")).toBeFocused();
  await expect(page.locator("#forgot-email")).toHaveAttribute("aria-invalid", "true");

  // Asked after the stranger's: once its mail is in, the stranger's request was answered long before, and mailed nothing.
  expect(await askForReset(page, known)).toBe(FORGOT_PASSWORD_MESSAGES.sent);
  await mailWithSubject(known, SUBJECT);
  expect(await mailsTo(stranger, { count: 0 })).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forgot-password form posts as plain HTML and answers the same; the new-password page says first that it needs JavaScript", async ({
    page,
    request,
  }) => {
    const email = `reset.nojs.${run}@example.com`;
    await createEmulatorAccount(request, email, "nojs-password-1", NAME);
    await page.goto("/sign-page");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.locator("#forgot-email").fill(email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page).toHaveURL(/\/forgot-password\?notice=sent$/);
    await expect(page.getByTestId("forgot-password-answer")).toHaveText(FORGOT_PASSWORD_MESSAGES.sent);

    await page.goto(linkIn((await mailWithSubject(email, SUBJECT)).text));
    const notice = page.getByTestId("needs-javascript");
    await expect(notice).toBeVisible();
    const [noticeTop, fieldTop] = await Promise.all([notice.boundingBox(), page.getByLabel("New password", { exact: true }).boundingBox()]);
    expect(noticeTop!.y).toBeLessThan(fieldTop!.y);
  });
});
