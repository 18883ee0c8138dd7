import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEmulatorAccount, signInByToken } from "./helpers/accounts";
import { adminCommand } from "./helpers/admin-cli";
import { authEmulatorHost, demoProducts } from "./support";

// Admin rights follow the account (lib/auth/admin-rights.ts): an admin who is
// signed in loses /admin-entry, and the session's admin flag, once the claim
// is removed or the account disabled. The suite's shop remembers rights for
// ADMIN_RIGHTS_TTL_SECONDS=1 (playwright.config.ts) instead of production's
// 5 minutes, so each loss shows within seconds. (An address taken out of
// ADMIN_EMAILS, a redeploy, is the same lookup with another list:
// tests/admin-rights.test.ts.)
const run = Date.now().toString(36);
const RIGHTS_REMEMBERED_MS = 1_000;

async function adminAccount(request: APIRequestContext, name: string) {
  const account = { email: `${name}-${run}@example.com`, password: `${name}-pass-123` };
  const { uid } = await createEmulatorAccount(request, account.email, account.password, name);
  expect(adminCommand("grant", account.email).code).toBe(0);
  return { ...account, uid };
}

async function signInAtAdminEntry(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin-signin");
  await page.locator("#admin-email").fill(account.email);
  await page.locator("#admin-password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-entry$/);
  await expect(page.getByRole("heading", { name: "Add a product" })).toBeVisible();
}

async function sessionOf(page: Page): Promise<{ user?: { uid: string; isAdmin: boolean } }> {
  return (await page.request.get("/api/auth/session")).json();
}

/** After the shop's memory of the rights has lapsed, /admin-entry sends the still signed-in user to sign in. */
async function expectAdminRightsGone(page: Page, uid: string) {
  await page.waitForTimeout(RIGHTS_REMEMBERED_MS + 500);
  await page.goto("/admin-entry");
  await expect(page).toHaveURL(/\/admin-signin$/);
  const session = await sessionOf(page);
  expect(session.user?.uid, "still signed in, as a shopper").toBe(uid);
  expect(session.user?.isAdmin).toBe(false);
}

test("a signed-in admin whose claim is removed (npm run admin -- revoke) loses /admin-entry and the admin flag", async ({
  page,
  request,
}) => {
  const admin = await adminAccount(request, "claimed");
  await signInAtAdminEntry(page, admin);
  expect((await sessionOf(page)).user?.isAdmin).toBe(true);

  expect(adminCommand("revoke", admin.email).code).toBe(0);
  await expectAdminRightsGone(page, admin.uid);
});

test("a signed-in admin whose account is disabled in Firebase loses /admin-entry and the admin flag", async ({ page, request }) => {
  const admin = await adminAccount(request, "disabled");
  await signInAtAdminEntry(page, admin);

  // The Auth emulator's admin API (what the Firebase console does): "owner" is its admin credential.
  const disabled = await request.post(`http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:update`, {
    headers: { Authorization: "Bearer owner" },
    data: { localId: admin.uid, disableUser: true },
  });
  expect(disabled.status(), await disabled.text()).toBe(200);
  await expectAdminRightsGone(page, admin.uid);
});

test("an admin who keeps the right keeps the page: the check does not refuse a valid admin", async ({ page, request }) => {
  const admin = await adminAccount(request, "kept");
  await signInAtAdminEntry(page, admin);
  await page.waitForTimeout(RIGHTS_REMEMBERED_MS + 500);
  await page.goto("/admin-entry");
  await expect(page.getByRole("heading", { name: "Add a product" })).toBeVisible();
  expect((await sessionOf(page)).user?.isAdmin).toBe(true);
});

test("a signed-in shopper who is no admin is sent to /admin-signin from every admin page", async ({ page, request }) => {
  const shopper = { email: `shopper-${run}@example.com`, password: "shopper-pass-123", name: "Shopper" };
  await createEmulatorAccount(request, shopper.email, shopper.password, shopper.name);
  await signInByToken(page, shopper.email, shopper.password);
  for (const path of ["/admin-entry", "/admin-entry/products", `/admin-entry/products/${demoProducts[0].id}`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin-signin$/);
  }
  expect((await sessionOf(page)).user?.isAdmin, "still signed in, as a shopper").toBe(false);
});
