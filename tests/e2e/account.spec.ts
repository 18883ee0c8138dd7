import { expect, test, type Page } from "@playwright/test";
import { DISPLAY_NAME_MESSAGES } from "../../lib/account/display-name-state";
import { EMAIL_CHANGE_MESSAGES } from "../../lib/account/email-change-state";
import { PASSWORD_CHANGE_MESSAGES } from "../../lib/account/password-change-state";
import { collectConsole, createEmulatorAccount, signInByToken, signInThroughUi } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { mailWithSubject } from "./helpers/caught-mail";
import { escapeRegExp } from "./helpers/escape-regexp";
import { usersByEmail } from "./helpers/db";
import { ownContexts } from "./helpers/own-contexts";
import { pageReady } from "./helpers/page-ready";

// Issue 43, item 3, as a shopper sees it, on either backend: /account, linked
// from the header's account area at every width, changes the display name
// (with JavaScript and without; the header, another tab and the store's
// profile follow at once), the email address (the password asked for; the
// new address confirms it from a mail, the old one is told) and the password
// (the current one asked for; the account's sessions elsewhere end, the old
// password signs in nowhere).

const run = Date.now().toString(36);
const newContext = ownContexts(test);

/** The name form's answer after saving `name` on /account (the page open). */
async function saveName(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Display name" }).fill(name);
  await page.getByRole("button", { name: "Save name" }).click();
  return page.getByTestId("display-name-answer");
}

test("signed out, /account asks the visitor to sign in, and signing in there comes back to it", async ({ page, request }) => {
  const email = `account.back.${run}@example.com`;
  await createEmulatorAccount(request, email, "back-password-1", "Bea Back");
  const response = await page.goto("/account");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill("back-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("textbox", { name: "Display name" })).toHaveValue("Bea Back");
  await expect(page.getByTestId("account-email")).toHaveText(email);
});

test("a shopper renames themselves: the header here and in another tab name them anew, the store's profile too; a bad name changes nothing", async ({
  page,
  context,
}) => {
  const email = `account.name.${run}@example.com`;
  await createEmulatorAccount(page.request, email, "name-password-1", "Nora Name");
  await signInByToken(page, email, "name-password-1");
  await page.goto("/");
  await pageReady(page);
  const otherTab = await context.newPage();
  await otherTab.goto("/cart-page");
  await expect(otherTab.getByTestId("account-name")).toContainText("Nora Name");

  const console = collectConsole(page);
  await page.getByTestId("account-name").click();
  await expect(page).toHaveURL(/\/account$/);
  expect(await axeViolations(page)).toEqual([]);

  const refused = await saveName(page, "   ");
  await expect(refused).toHaveText(DISPLAY_NAME_MESSAGES.blank);
  await expect(refused).toBeFocused();
  // The field stops at 80 characters; a longer name posted past it is refused by the server.
  await page.getByRole("textbox", { name: "Display name" }).evaluate((input) => input.removeAttribute("maxlength"));
  await expect(await saveName(page, "x".repeat(81))).toHaveText(DISPLAY_NAME_MESSAGES.tooLong);
  // The refused name stays in the field, to be fixed.
  await expect(page.getByRole("textbox", { name: "Display name" })).toHaveValue("x".repeat(81));
  expect((await usersByEmail(email)).map((user) => user.display_name)).toEqual(["Nora Name"]);

  const saved = await saveName(page, "  Nora Newname  ");
  await expect(saved).toHaveText(DISPLAY_NAME_MESSAGES.saved);
  await expect(page.getByRole("textbox", { name: "Display name" })).toHaveValue("Nora Newname");
  await expect(page.getByTestId("account-name")).toContainText("Nora Newname");
  await expect(otherTab.getByTestId("account-name")).toContainText("Nora Newname");
  expect((await usersByEmail(email)).map((user) => user.display_name)).toEqual(["Nora Newname"]);
  expect(console.filter((line) => /error/i.test(line))).toEqual([]);

  // The name is the account's: a sign-in elsewhere carries it.
  const elsewhere = await (await newContext(page.context().browser()!)).newPage();
  await signInByToken(elsewhere, email, "name-password-1");
  await elsewhere.goto("/");
  await expect(elsewhere.getByTestId("account-name")).toContainText("Nora Newname");
});

test("a shopper changes their password: the current one is asked for, their other session ends, only the new one signs in", async ({
  page,
  browser,
}) => {
  const email = `account.password.${run}@example.com`;
  await createEmulatorAccount(page.request, email, "old-password-1", "Pat Password");
  const other = await (await newContext(browser)).newPage();
  await signInByToken(other, email, "old-password-1");
  await signInByToken(page, email, "old-password-1");
  // Firebase keeps an account's cut-off in whole seconds: the other session began in an earlier one.
  await page.waitForTimeout(1_100);

  await page.goto("/account");
  const message = page.getByTestId("password-change-message");
  const form = page.getByRole("region", { name: "Password" });
  const change = async (current: string, next: string, again = next) => {
    await form.getByLabel("Current password").fill(current);
    await form.getByLabel("New password", { exact: true }).fill(next);
    await form.getByLabel("New password again").fill(again);
    await form.getByRole("button", { name: "Change password" }).click();
  };
  await change("old-password-1", "new-password-2", "new-password-3");
  await expect(message).toHaveText("Password does not match");
  await change("wrong-password-9", "new-password-2");
  await expect(message).toHaveText(PASSWORD_CHANGE_MESSAGES.currentWrong);
  await change("old-password-1", "new-password-2");
  await expect(message).toHaveText(PASSWORD_CHANGE_MESSAGES.done);
  await expect(form.getByLabel("Current password")).toHaveValue("");

  // Signed in here still; the other browser's session ended at its next read.
  await page.reload();
  await expect(page.getByTestId("account-name")).toContainText("Pat Password");
  expect(await (await other.request.get("/api/auth/session")).json()).toEqual({});
  await other.goto("/sign-page");
  await other.locator("#signin-email").fill(email);
  await other.locator("#signin-password").fill("old-password-1");
  await other.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(other.getByTestId("signin-message")).toHaveText("Password or Email does not exist!");
  await signInThroughUi(other, email, "new-password-2", "Pat Password");
});

test("a shopper moves their account to a new address: their password is asked for, the new address confirms it, the old one is told", async ({
  page,
  browser,
}) => {
  const email = `account.move.${run}@example.com`;
  const moved = `account.moved.${run}@example.org`;
  await createEmulatorAccount(page.request, email, "move-password-1", "Mia Move");
  await signInByToken(page, email, "move-password-1");
  await page.goto("/account");
  const form = page.getByRole("region", { name: "Email address" });
  const message = form.getByTestId("email-change-message");
  const ask = async (address: string, password: string) => {
    await form.getByLabel("New email address").fill(address);
    await form.getByLabel("Current password").fill(password);
    await form.getByRole("button", { name: "Change email address" }).click();
  };
  await ask(moved, "wrong-password-9");
  await expect(message).toHaveText(PASSWORD_CHANGE_MESSAGES.currentWrong);
  await ask(email.toUpperCase(), "move-password-1");
  await expect(message).toHaveText(EMAIL_CHANGE_MESSAGES.sameAddress);
  await ask(moved, "move-password-1");
  await expect(message).toHaveText(EMAIL_CHANGE_MESSAGES.sent);

  const notice = await mailWithSubject(email, "Your Storefront account's email address is changing");
  expect(notice.text).toContain(moved);
  const confirmation = await mailWithSubject(moved, "Confirm your new email address for Storefront");
  const link = /^https?:\/\/\S+\/verify-email\?code=\S+$/m.exec(confirmation.text)?.[0];
  expect(link, confirmation.text).toBeTruthy();
  expect(notice.text).not.toContain(new URL(link!).searchParams.get("code")!);
  // Until the link is opened, the account keeps its address.
  await page.reload();
  await expect(page.getByTestId("account-email")).toHaveText(email);

  const elsewhere = await (await newContext(browser)).newPage();
  await elsewhere.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(elsewhere.getByTestId("verify-email-outcome")).toHaveText(new RegExp(`is now ${escapeRegExp(moved)}`));
  await page.reload();
  await expect(page.getByTestId("account-email")).toHaveText(moved);

  // The new address signs in, the old one no longer does; the store's profile follows at that sign-in.
  await signInThroughUi(elsewhere, moved, "move-password-1", "Mia Move");
  expect((await usersByEmail(moved)).map((user) => user.display_name)).toEqual(["Mia Move"]);
  expect(await usersByEmail(email)).toEqual([]);
  const stranger = await (await newContext(browser)).newPage();
  await stranger.goto("/sign-page");
  await stranger.locator("#signin-email").fill(email);
  await stranger.locator("#signin-password").fill("move-password-1");
  await stranger.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(stranger.getByTestId("signin-message")).toHaveText("Password or Email does not exist!");
});

test("on a phone the account menu links to the account page", async ({ page }) => {
  const email = `account.phone.${run}@example.com`;
  await createEmulatorAccount(page.request, email, "phone-password-1", "Phil Phone");
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/sign-page");
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill("phone-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("textbox", { name: "Display name" })).toHaveValue("Phil Phone");
});

test.describe("without JavaScript", () => {
  test("the name form saves as a plain form; the email and password forms say first that they need JavaScript", async ({
    page,
    browser,
  }) => {
    const email = `account.nojs.${run}@example.com`;
    await createEmulatorAccount(page.request, email, "nojs-password-1", "Nico Noscript");
    await signInByToken(page, email, "nojs-password-1");
    const noScript = await (
      await newContext(browser, { javaScriptEnabled: false, storageState: await page.context().storageState() })
    ).newPage();

    await noScript.goto("/account");
    await expect(await saveName(noScript, "Nico Plain")).toHaveText(DISPLAY_NAME_MESSAGES.saved);
    await expect(noScript).toHaveURL(/\/account\?name=saved$/);
    await expect(noScript.getByRole("textbox", { name: "Display name" })).toHaveValue("Nico Plain");
    expect((await usersByEmail(email)).map((user) => user.display_name)).toEqual(["Nico Plain"]);

    for (const [section, task, field] of [
      ["Email address", "change your email address", "New email address"],
      ["Password", "change your password", "Current password"],
    ]) {
      const region = noScript.getByRole("region", { name: section });
      const notice = region.getByTestId("needs-javascript");
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(`turn it on to ${task}`);
      const [noticeTop, fieldTop] = await Promise.all([notice.boundingBox(), region.getByLabel(field).boundingBox()]);
      expect(noticeTop!.y).toBeLessThan(fieldTop!.y);
    }
    const form = noScript.getByRole("region", { name: "Password" });
    await form.getByLabel("Current password").fill("nojs-password-1");
    await form.getByLabel("New password", { exact: true }).fill("nojs-password-2");
    await form.getByLabel("New password again").fill("nojs-password-2");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("JavaScript is needed to change your password");
    await noScript.getByRole("link", { name: "Back to your account" }).click();
    await expect(noScript).toHaveURL(/\/account$/);
  });
});
