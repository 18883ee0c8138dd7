import { expect, request as playwrightRequest, test, type Browser, type Page, type Request } from "@playwright/test";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { baseURL } from "../../playwright.config";
import {
  ADMIN,
  collectConsole,
  collectDialogs,
  createEmulatorAccount,
  idTokenClaims,
  postIdToken,
  selfSignedToken,
  signInAsAdmin,
  signInAsAdminThroughUi,
  signInThroughUi,
  unsignedToken,
} from "./helpers/accounts";
import { addProductThroughForm } from "./helpers/admin-form";
import { productCount, productsNamed, userCount, usersByEmail } from "./helpers/db";
import { installGapiShim } from "./helpers/gapi-shim";
import { authEmulatorHost, distDir } from "./support";
import { SESSION_CHANGED_EVENT } from "../../lib/live/protocol";

// Unique per run, so reruns against a kept emulator never collide.
const run = Date.now().toString(36);
const shopper = { email: `shopper-${run}@example.com`, name: `Shopper ${run}`, password: "shopper-pass-1" };

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await installGapiShim(context);
  return context.newPage();
}

async function fillSignUp(page: Page, fields: { email: string; name: string; password: string; confirm: string }) {
  await page.locator("#signup-email").fill(fields.email);
  await page.locator("#signup-name").fill(fields.name);
  await page.locator("#signup-password").fill(fields.password);
  await page.locator("#signup-confirm").fill(fields.confirm);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

/** Requests the page sends to the Auth emulator's sign-up endpoint. */
function signUpCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("accounts:signUp")) calls.push(request);
  });
  return calls;
}

test.describe("sign-up", () => {
  test("passwords that differ: alert 'Password does not match', nothing submitted", async ({ page }) => {
    const dialogs = collectDialogs(page);
    const calls = signUpCalls(page);
    const email = `mismatch-${run}@example.com`;
    await page.goto("/sign-page");
    await fillSignUp(page, { email, name: "Mismatch", password: "secret-one", confirm: "secret-two" });
    await expect.poll(() => dialogs).toEqual(["Password does not match"]);
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(0);
    expect(await usersByEmail(email)).toHaveLength(0);
    await expect(page.locator("#signup-email")).toHaveValue(email);
  });

  test("a password under 6 characters is refused in plain words", async ({ page }) => {
    const dialogs = collectDialogs(page);
    const calls = signUpCalls(page);
    await page.goto("/sign-page");
    await fillSignUp(page, { email: `short-${run}@example.com`, name: "Short", password: "abc12", confirm: "abc12" });
    await expect(page.getByTestId("signup-message")).toHaveText("Password must be at least 6 characters.");
    expect(calls).toHaveLength(0);
    expect(dialogs).toEqual([]);
  });

  test("success: alert, every field cleared, signed in, user document created", async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.goto("/sign-page");
    await expect(page.locator("header").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await fillSignUp(page, { email: shopper.email, name: shopper.name, password: shopper.password, confirm: shopper.password });
    await expect.poll(() => dialogs).toEqual(["Registration Successful. Login..."]);
    for (const id of ["#signup-email", "#signup-name", "#signup-password", "#signup-confirm"]) {
      await expect(page.locator(id)).toHaveValue("");
    }
    await expect(page.getByTestId("account-name")).toContainText(shopper.name);
    const rows = await usersByEmail(shopper.email);
    expect(rows).toHaveLength(1);
    expect(rows[0].display_name).toBe(shopper.name);
  });

  test("an email already registered: console log and a plain message on the form", async ({ page }) => {
    const dialogs = collectDialogs(page);
    const consoleLines = collectConsole(page);
    await page.goto("/sign-page");
    await fillSignUp(page, { email: shopper.email, name: "Someone Else", password: "another-pass", confirm: "another-pass" });
    await expect(page.getByTestId("signup-message")).toHaveText("This email is already registered. Sign in instead.");
    expect(dialogs).toEqual([]);
    expect(consoleLines.some((line) => line.includes("email-already-in-use"))).toBe(true);
    expect(await usersByEmail(shopper.email)).toHaveLength(1);
    expect((await usersByEmail(shopper.email))[0].display_name).toBe(shopper.name);
  });
});

test.describe("sign-in", () => {
  test("wrong password: console 'Password or Email does not exist!' and the same words on the form", async ({ page }) => {
    const consoleLines = collectConsole(page);
    await page.goto("/sign-page");
    await page.locator("#signin-email").fill(shopper.email);
    await page.locator("#signin-password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByTestId("signin-message")).toHaveText("Password or Email does not exist!");
    expect(consoleLines).toContain("Password or Email does not exist!");
    await expect(page).toHaveURL(/\/sign-page$/);
    expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  });

  test("right password: home, name in the header, session event; Sign Out ends both sessions; user document kept once", async ({
    page,
  }) => {
    await page.addInitScript((sessionChanged) => {
      (window as unknown as { sessionEvents: number }).sessionEvents = 0;
      window.addEventListener(sessionChanged, () => {
        (window as unknown as { sessionEvents: number }).sessionEvents += 1;
      });
    }, SESSION_CHANGED_EVENT);
    const before = await usersByEmail(shopper.email);
    await signInThroughUi(page, shopper.email, shopper.password, shopper.name);
    expect(await page.evaluate(() => (window as unknown as { sessionEvents: number }).sessionEvents)).toBeGreaterThan(0);
    const session = await (await page.request.get("/api/auth/session")).json();
    expect(session.user).toMatchObject({ name: shopper.name, email: shopper.email, isAdmin: false });
    // Signing in again never creates or rewrites user/{uid}.
    expect(await usersByEmail(shopper.email)).toEqual(before);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.locator("header").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByTestId("account-name")).toHaveCount(0);
    expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
    // Firebase's own session is gone too: a reload does not bring the name back.
    await page.reload();
    await expect(page.locator("header").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    const firebaseUser = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open("firebaseLocalStorageDb");
          open.onerror = () => resolve(0);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains("firebaseLocalStorage")) return resolve(0);
            const all = db.transaction("firebaseLocalStorage").objectStore("firebaseLocalStorage").getAll();
            all.onsuccess = () => resolve(all.result.filter((row: { fbase_key?: string }) => row.fbase_key?.includes("authUser")).length);
            all.onerror = () => resolve(0);
          };
        }),
    );
    expect(firebaseUser).toBe(0);
  });

  test("?callbackUrl: back to a page of this site, never to another site", async ({ page }) => {
    await page.goto("/sign-page?callbackUrl=%2Felectronics");
    await page.locator("#signin-email").fill(shopper.email);
    await page.locator("#signin-password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/electronics$/);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.locator("header").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

    await page.goto("/sign-page?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await page.locator("#signin-email").fill(shopper.email);
    await page.locator("#signin-password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test("Google popup through the emulator's account chooser", async ({ browser }) => {
    const page = await freshPage(browser);
    const email = `google-${run}@example.com`;
    const name = `Googler ${run}`;
    await page.goto("/sign-page");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    const popup = await popupPromise;
    await popup.locator("#add-account-button").click();
    await popup.locator("#email-input").fill(email);
    await popup.locator("#display-name-input").fill(name);
    await popup.locator("#sign-in").click();
    await expect(page).toHaveURL(`${baseURL}/`, { timeout: 20_000 });
    await expect(page.getByTestId("account-name")).toContainText(name);
    const rows = await usersByEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].display_name).toBe(name);
    await page.context().close();
  });
});

test.describe("header", () => {
  test("a signed-in visitor never sees Sign In, a guest never sees a name; the HTML is the same for both", async ({ browser, request }) => {
    const page = await freshPage(browser);
    await signInThroughUi(page, shopper.email, shopper.password, shopper.name);
    await page.addInitScript(() => {
      const w = window as unknown as { sawSignIn: boolean };
      w.sawSignIn = false;
      new MutationObserver(() => {
        // The placeholder Sign In link is hidden wherever scripts run (it is for browsers without JavaScript).
        if (document.querySelector('header a[href="/sign-page"]:not([data-testid="account-loading"])')) w.sawSignIn = true;
      }).observe(document, { subtree: true, childList: true });
    });
    for (const path of ["/", "/electronics", "/details-page/" + "x"]) {
      await page.goto(path);
      await expect(page.getByTestId("account-name")).toContainText(shopper.name);
      expect(await page.evaluate(() => (window as unknown as { sawSignIn: boolean }).sawSignIn)).toBe(false);
    }
    // The server sends the neutral placeholder to everyone: catalogue pages stay static.
    const html = await (await request.get("/")).text();
    expect(html).toContain('data-testid="account-loading"');
    expect(html).not.toContain(shopper.name);
    await page.context().close();
  });
});

test.describe("admin", () => {
  test("/admin-entry opened directly without a session goes to /admin-signin", async ({ page }) => {
    await page.goto("/admin-entry");
    await expect(page).toHaveURL(/\/admin-signin$/);
    await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
  });

  test("an account that is not an admin: alert 'Not an admin', signed out again", async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.goto("/admin-signin");
    await page.locator("#admin-email").fill(shopper.email);
    await page.locator("#admin-password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => dialogs).toEqual(["Not an admin"]);
    await expect(page).toHaveURL(/\/admin-signin$/);
    await expect(page.locator("header").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
    await page.goto("/admin-entry");
    await expect(page).toHaveURL(/\/admin-signin$/);
  });

  test("the admin lands on the form; a bad product is refused with field errors and nothing is written", async ({ page }) => {
    await signInAsAdminThroughUi(page);
    const before = await productCount();
    const name = `Bad product ${run}`;
    // Skip the browser's own checks to reach the server's.
    await page.getByRole("form", { name: "Add a product" }).evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.locator("#productName").fill(name);
    await page.locator("#productImage").fill("ftp://example.com/lamp.png");
    await page.locator("#productPrize").fill("0");
    await page.locator("#productDetails").fill("Details");
    await page.locator("#productType").selectOption("Book");
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByRole("status")).toHaveText("Some fields need attention.");
    await expect(page.locator("#productImage-error")).toHaveText("Image must be an https URL");
    await expect(page.locator("#productPrize-error")).toHaveText("Price must be more than 0");
    await expect(page.locator("#productName")).toHaveValue(name);
    await expect(page.locator("#productImage")).toHaveAttribute("aria-invalid", "true");
    expect(await productsNamed(name)).toHaveLength(0);
    expect(await productCount()).toBe(before);
  });

  test("a good product: form clears and confirms; a shopper sees it on / without reloading and on /electronics", async ({
    browser,
    page,
  }) => {
    const shopperPage = await freshPage(browser);
    // The operator's image host, which this machine cannot reach: a picture that failed would give way to its placeholder.
    await shopperPage.route("https://images.example.com/**", (route) =>
      route.fulfill({ path: "public/products/aurora-anc-headphones.webp", contentType: "image/webp" }),
    );
    await shopperPage.goto("/");
    await shopperPage.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const categoryPage = await freshPage(browser);
    await categoryPage.goto("/electronics");
    await categoryPage.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await signInAsAdmin(page);
    const name = `Desk Lamp ${run}`;
    await addProductThroughForm(page, {
      name,
      image: "https://images.example.com/desk-lamp.jpg",
      price: "39.99",
      details: "Warm light. Two brightness levels.",
      type: "Electronics",
    });
    for (const id of ["#productName", "#productImage", "#productPrize", "#productDetails", "#productType"]) {
      await expect(page.locator(id)).toHaveValue("");
    }
    expect(await productsNamed(name)).toEqual([expect.objectContaining({ type: "Electronics", price_cents: 3999 })]);

    // The open home page updates by itself (live feed), without a reload.
    await expect(shopperPage.locator("main article h3", { hasText: name })).toBeVisible({ timeout: 15_000 });
    expect(await shopperPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // An admin-entered https image is shown as entered (not through the optimizer).
    const image = shopperPage.locator("main article", { hasText: name }).locator("img").first();
    await expect(image).toHaveAttribute("src", "https://images.example.com/desk-lamp.jpg");
    // So does an open category page.
    await expect(categoryPage.locator("main article h3", { hasText: name })).toBeVisible({ timeout: 15_000 });
    expect(await categoryPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await shopperPage.context().close();
    await categoryPage.context().close();
  });
});

test.describe("security", () => {
  /** The add-product call exactly as the admin's browser sent it. */
  async function captureAddProduct(page: Page, name: string) {
    await signInAsAdmin(page);
    await page.locator("#productName").fill(name);
    await page.locator("#productImage").fill("https://images.example.com/replay.jpg");
    await page.locator("#productPrize").fill("12.50");
    await page.locator("#productDetails").fill("Captured for replay.");
    await page.locator("#productType").selectOption("Sport");
    const posted = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
    await page.getByRole("button", { name: "Add product" }).click();
    const call = await posted;
    await expect(page.getByRole("status")).toHaveText(`Added “${name}” to the catalogue.`);
    const headers = await call.allHeaders();
    const keep = ["next-action", "content-type", "next-router-state-tree", "accept"];
    return {
      path: new URL(call.url()).pathname,
      headers: Object.fromEntries(Object.entries(headers).filter(([key]) => keep.includes(key))),
      body: call.postDataBuffer() ?? Buffer.alloc(0),
    };
  }

  test("the add-product action replayed without a session, with a shopper's session, or from another origin writes nothing", async ({
    page,
    browser,
  }) => {
    const name = `Replay ${run}`;
    const captured = await captureAddProduct(page, name);
    expect(await productsNamed(name)).toHaveLength(1);

    const replay = async (ctx: import("@playwright/test").APIRequestContext, path: string, origin = baseURL) => {
      const response = await ctx.post(path, {
        headers: { ...captured.headers, origin },
        data: captured.body,
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      return { status: response.status(), text: await response.text() };
    };

    // 1. No session at all: proxy.ts turns it away before the page. (Next runs an action only on
    // the page that uses it, so there is no other path to call it on; the action's own gate is
    // unit-tested in tests/admin-product-form.test.ts.)
    const anonymous = await playwrightRequest.newContext({ baseURL });
    const atEntry = await replay(anonymous, captured.path);
    expect([302, 303, 307, 308]).toContain(atEntry.status);
    const elsewhere = await replay(anonymous, "/");
    expect(elsewhere.text).not.toContain('"ok":true');
    await anonymous.dispose();

    // 2. A forged session cookie is no session.
    const forgedCookie = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged.forged.forged.forged" },
    });
    expect([302, 303, 307, 308]).toContain((await replay(forgedCookie, captured.path)).status);
    await forgedCookie.dispose();

    // 3. A shopper's session (not an admin).
    const shopperPage = await freshPage(browser);
    await signInThroughUi(shopperPage, shopper.email, shopper.password, shopper.name);
    const asShopperEntry = await replay(shopperPage.request, captured.path);
    expect([302, 303, 307, 308]).toContain(asShopperEntry.status);
    const asShopper = await replay(shopperPage.request, "/");
    expect(asShopper.text).not.toContain('"ok":true');
    await shopperPage.context().close();

    // 4. The admin's own session, but sent from another origin (CSRF).
    const crossOrigin = await replay(page.request, captured.path, "https://evil.example");
    expect(crossOrigin.text).not.toContain('"ok":true');

    expect(await productsNamed(name)).toHaveLength(1);

    // Control: the same replay from the shop's origin with the admin's session does go through,
    // so the refusals above are the server's doing, not a broken replay.
    const control = await replay(page.request, captured.path);
    expect(control.status).toBe(200);
    expect(await productsNamed(name)).toHaveLength(2);
  });

  test("forged or expired ID tokens at the sign-in callback: no session, nothing written", async ({ request }) => {
    // Control: a real token through the same helper does give a session.
    const real = await createEmulatorAccount(request, `control-${run}@example.com`, "control-pass-1", "Control");
    const controlContext = await playwrightRequest.newContext({ baseURL });
    expect((await postIdToken(controlContext, real.idToken)).session).toMatchObject({ user: { uid: real.uid } });
    await controlContext.dispose();
    const usersBefore = await userCount();
    const forged = [
      "not-a-token-at-all-but-long-enough",
      // Expired, otherwise well-formed, claiming to be the admin.
      unsignedToken(idTokenClaims({ exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 })),
      // Signed with a key nobody trusts.
      selfSignedToken(idTokenClaims()),
      // For another project.
      unsignedToken(idTokenClaims({ aud: "someone-elses-project", iss: "https://securetoken.google.com/someone-elses-project" })),
      // Well-formed and unexpired, for an account that does not exist.
      unsignedToken(idTokenClaims()),
    ];
    for (const token of forged) {
      const { status, session } = await postIdToken(request, token);
      expect(status, token.slice(0, 40)).toBe(401);
      expect(session).toEqual({});
    }
    expect(await userCount()).toBe(usersBefore);
    expect((await usersByEmail(ADMIN.email)).filter((row) => row.uid === "forged-uid-0001")).toEqual([]);
  });

  test("a disabled account's still-unexpired ID token is refused", async ({ request }) => {
    // (The request fixture only talks to the emulator here.)
    const email = `revoked-${run}@example.com`;
    const { uid, idToken } = await createEmulatorAccount(request, email, "revoked-pass-1", "Revoked");
    // Control: the token is good while the account is enabled.
    const before = await playwrightRequest.newContext({ baseURL });
    expect((await postIdToken(before, idToken)).session).toMatchObject({ user: { uid, email } });
    await before.dispose();
    // Disabling the account (as an admin would, in the console) makes every token it had worthless.
    const disabled = await request.post(
      `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/demo-storefront/accounts:update`,
      { headers: { authorization: "Bearer owner" }, data: { localId: uid, disableUser: true } },
    );
    expect(disabled.status(), await disabled.text()).toBe(200);
    const after = await playwrightRequest.newContext({ baseURL });
    const { status, session } = await postIdToken(after, idToken);
    await after.dispose();
    expect(status).toBe(401);
    expect(session).toEqual({});
  });

  test("no secret reaches the browser bundle (.next/static)", async () => {
    const dist = distDir;
    const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";
    const secrets = [ADMIN.password, ADMIN.email, "PRIVATE KEY", readFileSync(join(dataDir, "nextauth-secret"), "utf8").trim()];
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(join(dist, "static"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, "latin1");
      for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 6)}… in ${file}`).toBe(false);
    }
  });
});
