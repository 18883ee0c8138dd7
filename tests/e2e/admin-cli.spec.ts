import { expect, test, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { collectDialogs, createEmulatorAccount } from "./helpers/accounts";
import { adminCommand as admin, shellEnv } from "./helpers/admin-cli";

// `npm run admin` as ops run it, against the Auth emulator the suite's shop
// signs in with: a grant makes the next admin sign-in land on the form, a
// revoke makes it "Not an admin" again, and mistakes say so with an exit code.
const run = Date.now().toString(36);
const ops = { email: `ops-${run}@example.com`, password: "ops-pass-123" };

async function adminSignIn(page: Page): Promise<string[]> {
  const dialogs = collectDialogs(page);
  await page.goto("/admin-signin");
  await page.locator("#admin-email").fill(ops.email);
  await page.locator("#admin-password").fill(ops.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  return dialogs;
}

test.describe.configure({ mode: "serial" });

test("a bad command line, an unknown account and a missing configuration each get a plain message and an exit code", () => {
  expect(admin("promote", ops.email)).toMatchObject({ code: 2, out: expect.stringContaining("usage: npm run admin") });
  expect(admin("grant", "not-an-email")).toMatchObject({ code: 2, out: expect.stringContaining("Not an email address") });
  const unknown = admin("grant", `nobody-${run}@example.com`);
  expect(unknown.code).toBe(1);
  expect(unknown.out).toContain(`No account with the email nobody-${run}@example.com`);

  const unconfigured = spawnSync("npm", ["run", "--silent", "admin", "--", "list"], {
    encoding: "utf8",
    timeout: 60_000,
    env: shellEnv(),
  });
  expect(unconfigured.status).toBe(2);
  expect(unconfigured.stderr).toContain("No Firebase project to work on");
});

test("grant: the account is listed with its reason and its next admin sign-in lands on the form", async ({ page, request }) => {
  await createEmulatorAccount(request, ops.email, ops.password, "Ops Person");
  expect(admin("list").out).not.toContain(ops.email);

  const granted = admin("grant", ops.email);
  expect(granted).toMatchObject({ code: 0, out: expect.stringContaining(`${ops.email} is now an admin`) });
  expect(admin("grant", ops.email).out).toContain("was already an admin");
  const listed = admin("list");
  expect(listed.code).toBe(0);
  expect(listed.out).toContain(`${ops.email}  (via claim)`);
  expect(listed.out).toMatch(/admin@storefront\.local {2}\(via ADMIN_EMAILS/);

  await adminSignIn(page);
  await expect(page).toHaveURL(/\/admin-entry$/);
  await expect(page.getByRole("heading", { name: "Add a product" })).toBeVisible();
});

test("revoke: the claim is gone, and the next admin sign-in is refused with 'Not an admin'", async ({ page }) => {
  const revoked = admin("revoke", ops.email);
  expect(revoked).toMatchObject({ code: 0, out: expect.stringContaining(`${ops.email} no longer has the admin claim`) });
  expect(admin("list").out).not.toContain(ops.email);

  const dialogs = await adminSignIn(page);
  await expect.poll(() => dialogs).toEqual(["Not an admin"]);
  await page.goto("/admin-entry");
  await expect(page).toHaveURL(/\/admin-signin$/);
});

test("revoking an address listed in ADMIN_EMAILS says it stays an admin until the list changes", () => {
  const listedAdmin = admin("revoke", "admin@storefront.local");
  expect(listedAdmin.code).toBe(0);
  expect(listedAdmin.out).toContain("is in ADMIN_EMAILS, so it is still an admin");
});
