import { expect, test } from "@playwright/test";
import { adminSession, createEmulatorAccount, signInByToken } from "./helpers/accounts";
import { GUEST, deskRow, guestCheckout, isSameDocument, newOrdersNotice, openDesk } from "./helpers/desk-live";
import { placeOrderInSuiteStore } from "./helpers/orders";
import { demoProducts } from "./support";

// Issue 28, item 5: new orders appear on an open order desk without a
// reload, through a stream only admins can open (/api/admin/order-events).
// On both backends: a guest's checkout in another browser, and an order
// written by another process on the same store (on SQLite: a second
// connection to the file, which the desk's instance hears by polling), are
// announced on the open desk; "Show new orders" re-renders the list in
// place, its filter kept. Through a second shop instance on one Firestore
// database: two-instances.spec.ts.

const run = Date.now().toString(36);
const STREAM = "/api/admin/order-events";
// Generous: correctness, not speed.
const LIVE_TIMEOUT_MS = 20_000;

test("the desk's stream refuses the signed out (401) and a signed-in shopper (403)", async ({ browser, request }) => {
  const signedOut = await request.get(STREAM);
  expect(signedOut.status()).toBe(401);
  expect(signedOut.headers()["cache-control"]).toContain("no-store");

  const email = `desk-live-shopper-${run}@example.com`;
  await createEmulatorAccount(request, email, "desk-live-password", "Desk Shopper");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByToken(page, email, "desk-live-password");
  expect((await context.request.get(STREAM)).status()).toBe(403);
  // Another site's page cannot hold it open on an admin's cookies either: tests/order-desk-stream.test.ts.
  await context.close();
});

test("orders placed elsewhere appear on the open desk without a reload, and Show new orders keeps the filter", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext();
  const desk = await admin.newPage();
  await adminSession(desk);
  const filtered = "/admin-entry/orders?state=fulfilment%3Aplaced";
  await openDesk(desk, filtered);
  await expect(newOrdersNotice(desk)).toBeEmpty();

  // A guest checks out in another browser.
  const guest = await browser.newContext();
  const checkoutPage = await guest.newPage();
  const byGuest = await guestCheckout(checkoutPage, demoProducts[6].id, { ...GUEST, email: `desk-live-${run}@example.com` });
  await expect(newOrdersNotice(desk)).toContainText("1 new order", { timeout: LIVE_TIMEOUT_MS });
  await expect(deskRow(desk, byGuest)).toHaveCount(0);

  // Another process writes one to the same store.
  const byScript = await placeOrderInSuiteStore(`desk-live-script-${run}@example.com`, { [demoProducts[7].id]: 1 });
  await expect(newOrdersNotice(desk)).toContainText("2 new orders", { timeout: LIVE_TIMEOUT_MS });

  await newOrdersNotice(desk).getByRole("button", { name: "Show new orders" }).click();
  await expect(deskRow(desk, byGuest)).toHaveCount(1);
  await expect(deskRow(desk, byScript.id)).toHaveCount(1);
  await expect(newOrdersNotice(desk)).toBeEmpty();
  expect(new URL(desk.url()).search, "the filter is kept").toBe("?state=fulfilment%3Aplaced");
  await expect(desk.getByLabel("State")).toHaveValue("fulfilment:placed");
  expect(await isSameDocument(desk), "the desk was never reloaded").toBe(true);
  await guest.close();
  await admin.close();
});
