import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { contentSecurityPolicy } from "../../lib/security/headers";
import { baseURL } from "../../playwright.config";
import { collectDialogs, createEmulatorAccount, signInThroughUi } from "./helpers/accounts";
import { installGapiShim } from "./helpers/gapi-shim";
import { pageReady } from "./helpers/page-ready";
import { adminContext, SESSION_COOKIE } from "./helpers/session-cookie";
import { authEmulatorHost, demoProducts } from "./support";

/**
 * What the shop sends whatever its store: the security headers on every kind
 * of response, the session cookie's attributes, and where a sign-in may lead.
 * The same code on either store, so this runs in the SQLite pass only
 * (tests/e2e/passes.json); the sessions the store keeps (forged, revoked) are
 * security.spec.ts's, on both.
 */

// The suite's shop runs on http://localhost with the Auth emulator, built
// without NEXTAUTH_URL https: this is the policy it must send, byte for byte.
const EXPECTED_CSP = contentSecurityPolicy({
  https: false,
  development: false,
  firebaseAuthDomain: "demo-storefront.firebaseapp.com",
  authEmulatorHost,
  localBuild: true,
});
const run = Date.now().toString(36);

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  expect(headers["content-security-policy"], what).toBe(EXPECTED_CSP);
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  // Plain http: HSTS would pin localhost to https for two years.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

/** Every CSP violation the page (and its frames) reports, and every console line about one. */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const consoleLines: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) consoleLines.push(message.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)), ...consoleLines];
}

test.describe("response headers", () => {
  test("a prerendered page, a dynamic page, an API route and static files all carry them", async ({ request }) => {
    const home = await request.get("/");
    expect(home.status()).toBe(200);
    expectSecurityHeaders(home.headers(), "/ (prerendered)");
    for (const path of ["/cart-page", "/search?q=wireless", "/api/health", "/api/auth/session", "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response.headers(), path);
    }
    const chunk = (await home.text()).match(/\/_next\/static\/[^"'\s]+\.js/)?.[0];
    expect(chunk, "a script chunk in the home page").toBeDefined();
    const asset = await request.get(chunk!);
    expect(asset.status()).toBe(200);
    expectSecurityHeaders(asset.headers(), chunk!);
  });

  test("the admin's pages are private, no-store: documents and the router's RSC requests, admin or not", async ({ browser, request }) => {
    const admin = await adminContext(browser);
    const paths = ["/admin-entry", "/admin-entry/products", `/admin-entry/products/${demoProducts[0].id}`];
    for (const [who, client, status] of [
      ["the admin", admin.page.request, 200],
      ["no session", request, 307],
    ] as const) {
      for (const path of paths) {
        const document = await client.get(path, { maxRedirects: 0 });
        expect(document.status(), `${path} for ${who}`).toBe(status);
        expect(document.headers()["cache-control"], `${path} for ${who}`).toBe("private, no-store");
        // A client-side navigation's request. Next redirects a made-up _rsc value to the one it expects.
        let rsc = await client.get(`${path}?_rsc=x`, { headers: { RSC: "1" }, maxRedirects: 0 });
        expect(rsc.headers()["cache-control"], `${path} RSC for ${who}`).toBe("private, no-store");
        if (rsc.status() === 307 && !rsc.headers().location.includes("/admin-signin")) {
          rsc = await client.get(rsc.headers().location, { headers: { RSC: "1" }, maxRedirects: 0 });
        }
        expect(rsc.status(), `${path} RSC for ${who}`).toBe(status);
        if (status === 200) expect(rsc.headers()["content-type"]).toContain("text/x-component");
        expect(rsc.headers()["cache-control"], `${path} RSC for ${who}`).toBe("private, no-store");
      }
    }
    await admin.context.close();
  });

  test("/ and /sign-page load and hydrate with zero CSP violations", async ({ browser, request }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const violations = await watchViolations(context, page);
    const dialogs = collectDialogs(page);

    await page.goto("/");
    // Hydrated: the hero carousel moves, Add to Cart reaches the server and toasts.
    const hero = page.getByRole("region", { name: "Featured offers" });
    const current = hero.locator('[aria-roledescription="slide"][aria-current="true"]');
    await expect(current).toHaveAttribute("aria-label", "1 of 4");
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(current).toHaveAttribute("aria-label", "2 of 4");
    await pageReady(page);
    await page
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await expect(page.locator(".cart-toast").filter({ hasText: "added item to cart" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    // /sign-page: the form runs in the browser (alert), and a sign-in talks to the Auth emulator.
    await page.goto("/sign-page");
    await page.locator("#signup-email").fill(`csp-${run}@example.com`);
    await page.locator("#signup-name").fill("Csp");
    await page.locator("#signup-password").fill("secret-one");
    await page.locator("#signup-confirm").fill("secret-two");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect.poll(() => dialogs).toEqual(["Password does not match"]);
    const email = `csp-signin-${run}@example.com`;
    await createEmulatorAccount(request, email, "csp-pass-1", "Csp Shopper");
    await signInThroughUi(page, email, "csp-pass-1", "Csp Shopper");

    expect(await violations()).toEqual([]);
    await context.close();
  });

  test("the Google popup still works under the policy (gapi script, emulator frame)", async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    await installGapiShim(context);
    const page = await context.newPage();
    const violations = await watchViolations(context, page);
    await page.goto("/sign-page");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    const popup = await popupPromise;
    await popup.locator("#add-account-button").click();
    await popup.locator("#email-input").fill(`csp-google-${run}@example.com`);
    await popup.locator("#display-name-input").fill("Csp Googler");
    await popup.locator("#sign-in").click();
    await expect(page.getByTestId("account-name")).toContainText("Csp Googler", { timeout: 20_000 });
    expect(await violations()).toEqual([]);
    await context.close();
  });
});

test.describe("session cookie", () => {
  test("set at sign-in: HttpOnly, SameSite=Lax, Path=/, not Secure on http", async ({ browser, request }) => {
    const email = `cookie-${run}@example.com`;
    await createEmulatorAccount(request, email, "cookie-pass-1", "Cookie Shopper");
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInThroughUi(page, email, "cookie-pass-1", "Cookie Shopper");
    const cookie = (await context.cookies(baseURL)).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false, domain: "localhost" });
    // Page scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
    await context.close();
  });
});

test.describe("where signing in leads", () => {
  // Each names this shop's own origin, then a path a browser reads as another host (//host, /\host) once the origin is cut off.
  const elsewhere = (origin: string) => [
    `${origin}//evil.example/`,
    `${origin}/%2F%2Fevil.example/`,
    `${origin}/\\evil.example/`,
    "//evil.example/",
    "/\\evil.example/",
    "/\t/evil.example/",
    "https://evil.example/",
  ];

  test("a callbackUrl of this shop's origin followed by //evil.example/ signs in and lands on the shop, never on evil.example", async ({
    browser,
    request,
  }) => {
    const email = `redirect-${run}@example.com`;
    await createEmulatorAccount(request, email, "redirect-pass-1", "Redirect Shopper");
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const left: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest() && new URL(r.url()).host !== new URL(baseURL).host) left.push(r.url());
    });
    await page.goto(`/sign-page?callbackUrl=${encodeURIComponent(`${baseURL}//evil.example/`)}`);
    await pageReady(page);
    await page.locator("#signin-email").fill(email);
    await page.locator("#signin-password").fill("redirect-pass-1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // The header names the shopper as soon as the session exists; the move home comes after it.
    await expect(page).toHaveURL(`${new URL(baseURL).origin}/`);
    await expect(page.getByTestId("account-name")).toContainText("Redirect Shopper");
    expect(left, "navigations off the shop").toEqual([]);
    await context.close();
  });

  test("/api/auth/signin forwards a callbackUrl to the sign-in page only as a path on this shop", async ({ request }) => {
    for (const target of elsewhere(baseURL)) {
      const response = await request.get(`/api/auth/signin?callbackUrl=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(response.status(), target).toBeLessThan(400);
      const location = new URL(response.headers()["location"] ?? "", baseURL);
      expect(location.pathname, target).toBe("/sign-page");
      const forwarded = new URL(location.searchParams.get("callbackUrl") ?? "", baseURL);
      expect(forwarded.origin, target).toBe(new URL(baseURL).origin);
      expect(forwarded.pathname, target).toBe("/");
    }
  });
});
