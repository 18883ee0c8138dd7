import { expect, test, type Locator, type Page } from "@playwright/test";
import { addToCartOverHttp } from "./helpers/cart-over-http";
import { ADDRESS_BOOK_MESSAGES } from "../../lib/addresses/address-book-notices";
import { createEmulatorAccount, signInByToken } from "./helpers/accounts";
import { axeViolations } from "./helpers/axe";
import { ownContexts } from "./helpers/own-contexts";
import { tabTo } from "./helpers/keyboard";
import { pageReady } from "./helpers/page-ready";
import {
  addFromDetailsWithoutJavascript,
  expectCheckoutValues,
  fillAddressFields,
  fillCheckout,
  type CheckoutEntry,
} from "./helpers/shopper-checkout";
import { demoProducts } from "./support";

// Issue 43, item 4, as a shopper sees it, on either backend: the account's
// address book (add, edit, delete, one default) on /account and its own
// pages, with JavaScript and as plain forms; the checkout starts from the
// default address, offers the others, and saves a new one when asked.

const run = Date.now().toString(36);
const newContext = ownContexts(test);
const BOOK = demoProducts[3];

type Address = Omit<CheckoutEntry, "email">;
const HOME: Address = {
  name: "Ada Home",
  phone: "+1 503 555 0100",
  country: "US",
  line1: "1 Home Street",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
};
const WORK: Address = {
  name: "Ada Work",
  phone: "",
  country: "US",
  line1: "200 Work Avenue",
  line2: "Floor 3",
  city: "Chicago",
  region: "IL",
  postalCode: "60601",
};

const entries = (page: Page) => page.getByTestId("saved-address");
const notice = (page: Page) => page.getByTestId("address-book-notice");

/** A new account, signed in on `page`. */
async function signedInShopper(page: Page, tag: string): Promise<string> {
  const email = `book.${tag}.${run}@example.com`;
  await createEmulatorAccount(page.request, email, "book-password-1", "Ada Book");
  await signInByToken(page, email, "book-password-1");
  return email;
}

/** Adds `address` from the account page's link; back on the account page with its notice. */
async function addAddress(page: Page, address: Address): Promise<void> {
  await page.goto("/account");
  await page.getByRole("region", { name: "Addresses" }).getByRole("link", { name: "Add an address" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add an address");
  await fillAddressFields(page, address);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page).toHaveURL(/\/account\?address=added#addresses$/);
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.added);
}

test("a shopper keeps an address book: a bad field is said beside it and saves nothing; add, edit, make default, delete", async ({
  page,
}) => {
  await signedInShopper(page, "js");
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Addresses" });
  await expect(section).toContainText("No saved addresses yet");
  await section.getByRole("link", { name: "Add an address" }).click();
  await expect(page).toHaveURL(/\/account\/addresses\/new$/);
  // A new address starts from the account's name and the one country the shop ships to.
  await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Ada Book");
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("US");
  await fillAddressFields(page, { ...HOME, postalCode: "" });
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("One field needs your attention.")).toBeVisible();
  const postalCode = page.getByLabel("Postal code", { exact: true });
  await expect(postalCode).toHaveAttribute("aria-invalid", "true");
  await expect(postalCode).toBeFocused();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue(HOME.line1);
  await expect(page.getByLabel("State, province or county", { exact: true })).toHaveValue("OR");
  expect(await axeViolations(page), "the address form with an error").toEqual([]);
  await postalCode.fill(HOME.postalCode);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page).toHaveURL(/\/account\?address=added#addresses$/);
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.added);
  await expect(entries(page)).toHaveCount(1);
  // In the lines a US letter has: the city, state and ZIP code on one line.
  await expect(entries(page).first()).toContainText("Default");
  await expect(entries(page).first()).toContainText("Portland, OR 97201");

  await addAddress(page, WORK);
  await expect(entries(page)).toHaveCount(2);
  await expect(entries(page).nth(0)).toContainText(HOME.line1);
  await page.getByRole("button", { name: `Make ${WORK.name}, ${WORK.line1} the default` }).click();
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.defaultSet);
  await expect(entries(page).nth(0)).toContainText(WORK.line1);
  await expect(entries(page).nth(0)).toContainText("Default");

  await page.getByRole("link", { name: `Edit ${HOME.name}, ${HOME.line1}` }).click();
  await expect(page.getByLabel("City", { exact: true })).toHaveValue(HOME.city);
  await page.getByLabel("Apartment, suite, etc. (optional)", { exact: true }).fill("Unit 9");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.saved);
  await expect(entries(page).nth(1)).toContainText("Unit 9");

  // The default deleted, the one left is the default.
  await page.getByRole("button", { name: `Delete ${WORK.name}, ${WORK.line1}` }).click();
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.deleted);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(HOME.line1);
  await expect(entries(page).first()).toContainText("Default");
  expect(await axeViolations(page), "the account page with its address book").toEqual([]);

  // An address this account does not hold has no page.
  await page.goto("/account/addresses/noSuchAddress");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("the checkout starts from the default address, offers the other saved ones, and saves a new address when asked", async ({ page }) => {
  const email = await signedInShopper(page, "checkout");
  await addAddress(page, HOME);
  await addAddress(page, WORK);
  await addToCartOverHttp(page, BOOK.id);
  await page.goto("/checkout-page");
  await pageReady(page);
  await expectCheckoutValues(page, { ...HOME, email });

  const choice = page.getByRole("form", { name: "Saved addresses" });
  await choice.getByLabel("Ship to a saved address").selectOption({ label: "Ada Work, 200 Work Avenue, Floor 3, Chicago, IL, 60601, US" });
  await choice.getByRole("button", { name: "Use this address" }).click();
  await expect(page).toHaveURL(/\/checkout-page\?address=[A-Za-z0-9]+$/);
  await expectCheckoutValues(page, { ...WORK, email });

  const cabin = { name: "Ada Cabin", phone: "", line1: "9 Lake Road", line2: "", city: "Salem", region: "OR", postalCode: "97301" };
  await fillCheckout(page, cabin);
  await page.getByLabel("Save this address to my address book").check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+/);
  await page.goto("/account");
  await expect(entries(page)).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Addresses" })).toContainText("9 Lake Road");
});

test("without JavaScript the address book is plain forms, and the checkout offers the saved addresses and the box", async ({
  page,
  browser,
}) => {
  await signedInShopper(page, "plain");
  const plain = await (
    await newContext(browser, { javaScriptEnabled: false, storageState: await page.context().storageState() })
  ).newPage();

  await plain.goto("/account/addresses/new");
  await fillAddressFields(plain, { ...HOME, city: "" });
  await plain.getByRole("button", { name: "Add address" }).click();
  await expect(plain.getByText("One field needs your attention.")).toBeVisible();
  await expect(plain.getByLabel("City", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(plain.getByLabel("Address", { exact: true })).toHaveValue(HOME.line1);
  await plain.getByLabel("City", { exact: true }).fill(HOME.city);
  await plain.getByRole("button", { name: "Add address" }).click();
  await expect(plain).toHaveURL(/\/account\?address=added#addresses$/);
  await expect(notice(plain)).toHaveText(ADDRESS_BOOK_MESSAGES.added);
  await expect(entries(plain)).toHaveCount(1);

  await plain.goto("/account/addresses/new");
  await fillAddressFields(plain, WORK);
  await plain.getByRole("button", { name: "Add address" }).click();
  await expect(entries(plain)).toHaveCount(2);
  await plain.getByRole("button", { name: `Delete ${WORK.name}, ${WORK.line1}` }).click();
  await expect(notice(plain)).toHaveText(ADDRESS_BOOK_MESSAGES.deleted);
  await expect(entries(plain)).toHaveCount(1);

  await addFromDetailsWithoutJavascript(plain, BOOK.id);
  await plain.goto("/checkout-page/without-javascript");
  await expectCheckoutValues(plain, HOME);
  await expect(plain.getByRole("form", { name: "Saved addresses" }).getByLabel("Ship to a saved address")).toHaveCount(1);
  const cabin = { name: "Ada Cabin", phone: "", line1: "9 Lake Road", line2: "", city: "Salem", region: "OR", postalCode: "97301" };
  await fillCheckout(plain, { ...cabin, city: "" });
  await plain.getByLabel("Save this address to my address book").check();
  // Refused for its city: the box stays ticked.
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain.getByLabel("City", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(plain.getByLabel("Save this address to my address book")).toBeChecked();
  await plain.getByLabel("City", { exact: true }).fill(cabin.city);
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\/without-javascript/);
  await plain.goto("/account");
  await expect(entries(plain)).toHaveCount(2);
  await expect(plain.getByRole("region", { name: "Addresses" })).toContainText("9 Lake Road");
});

/** `section` has the focus and its notice is on screen. */
async function expectFocusedInView(page: Page, section: Locator): Promise<void> {
  await expect(section).toBeFocused();
  await expect(notice(page)).toBeInViewport();
}

test("keyboard only: add, make default and delete addresses; each change lands on the address book, as a plain post does", async ({
  page,
}) => {
  await signedInShopper(page, "keys");
  await page.goto("/account");
  await pageReady(page);
  await tabTo(page, page.getByRole("region", { name: "Addresses" }).getByRole("link", { name: "Add an address" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add an address");
  await tabTo(page, page.getByLabel("Full name", { exact: true }));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Kay Board");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  // The country is the one the shop ships to already.
  await expect(page.getByLabel("Country", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("5 Key Street");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Eugene");
  await page.keyboard.press("Tab");
  // A select's options are chosen by typing their start.
  await page.keyboard.type("Oregon");
  await page.keyboard.press("Tab");
  await page.keyboard.type("97401");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Use as my default address at checkout")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add address" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.added);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("Kay Board");
  await expect(entries(page).first()).toContainText("Eugene, OR 97401");
  // Where a plain post's redirect lands too: on the address book, its notice in view, the next Tab inside it.
  const section = page.getByRole("region", { name: "Addresses" });
  await expectFocusedInView(page, section);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Edit Kay Board, 5 Key Street" })).toBeFocused();

  await addAddress(page, WORK);
  await expectFocusedInView(page, section);
  await tabTo(page, page.getByRole("button", { name: `Make ${WORK.name}, ${WORK.line1} the default` }));
  await page.keyboard.press("Enter");
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.defaultSet);
  await expect(entries(page).first()).toContainText(WORK.line1);
  await expectFocusedInView(page, section);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: `Edit ${WORK.name}, ${WORK.line1}` })).toBeFocused();
  await tabTo(page, page.getByRole("button", { name: `Delete ${WORK.name}, ${WORK.line1}` }));
  await page.keyboard.press("Enter");
  await expect(notice(page)).toHaveText(ADDRESS_BOOK_MESSAGES.deleted);
  await expect(entries(page)).toHaveCount(1);
  await expectFocusedInView(page, section);

  // A full load of the same address lands there as well.
  await page.goto(page.url());
  await pageReady(page);
  await expectFocusedInView(page, section);
});
