import { readFileSync } from "node:fs";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { expect, test } from "@playwright/test";
import { DELETE_ACCOUNT_MESSAGES } from "../../lib/account/delete-account-state";
import type { AccountData } from "../../lib/orders/account-data";
import { adminSession, createEmulatorAccount, signInByToken } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { mailWithSubject } from "./helpers/caught-mail";
import { usersByEmail } from "./helpers/db";
import { ownContexts } from "./helpers/own-contexts";
import { pageReady } from "./helpers/page-ready";
import { fillAddressFields, fillCheckout } from "./helpers/shopper-checkout";
import { demoProducts } from "./support";

// Issue 43, item 5, as a shopper sees it, on either backend: "Download my
// data" gives the account, its addresses and its orders as JSON (with and
// without JavaScript); "Delete my account" asks for the password, then the
// account is gone: its orders keep their figures without the person (the
// desk says so), every session of it has ended (another browser too), the
// old password signs in nowhere, and a confirmation arrives.

const run = Date.now().toString(36);
const newContext = ownContexts(test);
const BOOK = demoProducts[3];
const PASSWORD = "delete-password-1";
const ADDRESS = {
  name: "Del Eted",
  phone: "",
  country: "US",
  line1: "8 Gone Lane",
  line2: "",
  city: "Salem",
  region: "OR",
  postalCode: "97301",
};

test("a shopper downloads their data, then deletes their account: the password asked, the person gone from their orders, signed out everywhere", async ({
  page,
  browser,
}) => {
  const email = `delete.${run}@example.com`;
  await createEmulatorAccount(page.request, email, PASSWORD, "Del Eted");
  await signInByToken(page, email, PASSWORD);
  await page.goto("/account/addresses/new");
  await fillAddressFields(page, ADDRESS);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByTestId("saved-address")).toHaveCount(1);
  await addToCartOverHttp(page, BOOK.id);
  await page.goto("/checkout-page");
  await pageReady(page);
  await fillCheckout(page, { email });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  const reference = (await page.getByTestId("order-reference").textContent())!;

  // Another browser signed in to the same account.
  const other = await (await newContext(browser)).newPage();
  await signInByToken(other, email, PASSWORD);

  // The data, as a file.
  await page.goto("/account");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^storefront-account-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, "utf8")) as AccountData;
  expect(data.account).toEqual({ name: "Del Eted", email, emailVerified: false });
  expect(data.addresses.map((entry) => entry.line1)).toEqual([ADDRESS.line1]);
  expect(data.orders.map((order) => order.reference)).toEqual([reference]);
  const plain = await (
    await newContext(browser, { javaScriptEnabled: false, storageState: await page.context().storageState() })
  ).newPage();
  const plainFile = await plain.request.get("/account/data");
  expect(plainFile.headers()["content-disposition"]).toContain("attachment");
  expect(((await plainFile.json()) as AccountData).orders).toHaveLength(1);

  // A wrong password deletes nothing.
  const section = page.getByRole("region", { name: "Delete my account" });
  expect(await axeViolations(page), "the account page with its delete form").toEqual([]);
  await section.getByLabel("Current password").fill("not-the-password");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByTestId("delete-account-message")).not.toHaveText("");
  await expect(page).toHaveURL(/\/account$/);
  expect(await usersByEmail(email)).toHaveLength(1);

  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account\/deleted$/);
  await expect(page.getByRole("status")).toHaveText(DELETE_ACCOUNT_MESSAGES.deleted);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  expect(await usersByEmail(email)).toEqual([]);
  const confirmation = await mailWithSubject(email, "Your Storefront account is deleted");
  expect(confirmation.text).toContain("removed from your order;");

  // The other browser's session has ended too.
  await other.goto("/account");
  await expect(other.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();

  // The old password signs in nowhere.
  await page.goto("/sign-page");
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByTestId("signin-message")).toHaveText("Password or Email does not exist!");

  // The order stays for the shop's accounts, without the person.
  const desk = await (await newContext(browser)).newPage();
  await adminSession(desk);
  await desk.goto(`/admin-entry/orders/${orderId}`);
  await expect(desk.getByTestId("order-erased")).toBeVisible();
  await expect(desk.getByRole("main")).not.toContainText(ADDRESS.line1);
});

test("without JavaScript the delete form says first that it needs it, and the download works as a link", async ({ page, browser }) => {
  const email = `delete.plain.${run}@example.com`;
  await createEmulatorAccount(page.request, email, PASSWORD, "Plain Del");
  await signInByToken(page, email, PASSWORD);
  const plain = await (
    await newContext(browser, { javaScriptEnabled: false, storageState: await page.context().storageState() })
  ).newPage();
  await plain.goto("/account");
  const section = plain.getByRole("region", { name: "Delete my account" });
  const notice = section.getByTestId("needs-javascript");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("turn it on to delete your account");
  const [noticeBox, fieldBox] = await Promise.all([notice.boundingBox(), section.getByLabel("Current password").boundingBox()]);
  expect(noticeBox!.y).toBeLessThan(fieldBox!.y);
  const [download] = await Promise.all([plain.waitForEvent("download"), plain.getByRole("link", { name: "Download my data" }).click()]);
  const data = JSON.parse(readFileSync((await download.path())!, "utf8")) as AccountData;
  expect(data.account.email).toBe(email);
  // Signed out, the download leads to the sign-in and back to the account.
  const signedOut = await page.context().browser()!.newContext();
  try {
    const answer = await signedOut.request.get(new URL("/account/data", plain.url()).toString(), { maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe("/sign-page?callbackUrl=%2Faccount");
  } finally {
    await signedOut.close();
  }
});
