/**
 * The order desk's live notice (components/admin/orders/new-orders-notice.tsx)
 * as specs drive it, and a guest's checkout through a shop's pages, which
 * places the order the desk is to hear of.
 */
import { expect, type Page } from "@playwright/test";
import { addFromDetails, cartReady, fillCheckout, type CheckoutEntry } from "./shopper-checkout";

export const GUEST: CheckoutEntry = {
  email: "desk.live.guest@example.com",
  name: "Lena Live",
  phone: "",
  country: "US",
  line1: "3 Stream Street",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};

/** A guest checks out one `productId` through the pages of the shop `page` is on; the placed order's id. */
export async function guestCheckout(page: Page, productId: string, entry: CheckoutEntry = GUEST): Promise<string> {
  await addFromDetails(page, productId);
  await page.goto("/cart-page");
  await cartReady(page);
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await fillCheckout(page, entry);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders-page\/[A-Za-z0-9_-]+\?token=/, { timeout: 20_000 });
  return /\/orders-page\/([A-Za-z0-9_-]+)/.exec(page.url())![1];
}

/** The desk's notice of new orders. */
export const newOrdersNotice = (page: Page) => page.getByTestId("new-orders-notice");

/** The desk's row of an order (its reference links to the order's page). */
export const deskRow = (page: Page, orderId: string) =>
  page.getByTestId("admin-order-row").filter({ has: page.locator(`a[href="/admin-entry/orders/${orderId}"]`) });

/** Marks the document, so a later check can tell it was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

/**
 * Opens the desk at `path` and waits until its stream answered 200, so a
 * check after it follows the live path, not the page's own read.
 */
export async function openDesk(page: Page, path = "/admin-entry/orders"): Promise<void> {
  const streamOpened = page.waitForResponse((r) => r.url().includes("/api/admin/order-events") && r.status() === 200);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await streamOpened;
  await markDocument(page);
}
