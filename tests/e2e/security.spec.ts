import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { contentSecurityPolicy } from "../../lib/security/headers";
import { baseURL } from "../../playwright.config";
import { ADMIN, collectDialogs, createEmulatorAccount, signInAsAdmin, signInThroughUi } from "./helpers/accounts";
import { freshShopConfig, removeShopData, startShop, stopShop } from "./helpers/shop-process";
import { liveRevocationCount, productsNamed } from "./helpers/db";
import { installGapiShim } from "./helpers/gapi-shim";
import { actionId, callAction, CookieJar } from "./helpers/server-actions";
import { authEmulatorHost, demoProducts } from "./support";
import { pageReady } from "./helpers/page-ready";

// The suite's shop runs on http://localhost with the Auth emulator, built
// without NEXTAUTH_URL https: this is the policy it must send, byte for byte.
const EXPECTED_CSP = contentSecurityPolicy({
  https: false,
  development: false,
  firebaseAuthDomain: "demo-storefront.firebaseapp.com",
  authEmulatorHost,
  localBuild: true,
});
const SESSION_COOKIE = "next-auth.session-token";
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

/** The value of this context's session cookie, as a thief would copy it. */
async function sessionCookieOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, "the session cookie").toBeDefined();
  return cookie!.value;
}

/** A request carrying only this session cookie (no browser, no cookie jar that could drop it). */
async function getWithSession(path: string, cookie: string): Promise<Response> {
  return fetch(new URL(path, baseURL), { headers: { cookie: `${SESSION_COOKIE}=${cookie}` }, redirect: "manual" });
}

/** What the server says about a session cookie at the three places that trust one. */
async function sessionSeenAs(cookie: string) {
  const session = await (await getWithSession("/api/auth/session", cookie)).json();
  const entry = await getWithSession("/admin-entry", cookie);
  return {
    user: (session as { user?: { uid: string; isAdmin: boolean } }).user ?? null,
    adminEntry: entry.status === 200 ? "page" : `${entry.status} ${entry.headers.get("location") ?? ""}`,
  };
}

const REFUSED = { user: null, adminEntry: expect.stringMatching(/^307 (http:\/\/localhost:\d+)?\/admin-signin$/) };

/** Calls the add-product action with this session cookie, posted to /admin-entry (as the form does) and, by default, to / too. */
async function addProductWith(cookie: string, name: string, paths = ["/admin-entry", "/"]) {
  const form = new FormData();
  form.set("productName", name);
  form.set("productImage", "https://images.example.com/security.jpg");
  form.set("productPrize", "9.99");
  form.set("productDetails", "Written only by a real admin session.");
  form.set("productType", "Sport");
  const id = actionId("lib/admin/add-product-actions.ts", "addProduct");
  const answers = [];
  for (const path of paths) {
    const jar = new CookieJar({ [SESSION_COOKIE]: cookie });
    answers.push(await callAction<{ ok: boolean; error?: string }>({ baseURL, id, args: [null, form], path, jar }));
  }
  return answers;
}

async function adminContext(browser: import("@playwright/test").Browser) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { context, page, cookie: await sessionCookieOf(context) };
}

test.describe("response headers", () => {
  test("a prerendered page, a dynamic page, an API route and static files all carry them", async ({ request }) => {
    const home = await request.get("/");
    expect(home.status()).toBe(200);
    expectSecurityHeaders(home.headers(), "/ (prerendered)");
    for (const path of ["/cart-page", "/search?q=lamp", "/api/health", "/api/auth/session", "/favicon.svg"]) {
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

test.describe("forged and revoked sessions", () => {
  test("a forged session cookie is refused by /api/auth/session, /admin-entry and the add-product action", async ({ browser }) => {
    const admin = await adminContext(browser);
    const secret = readFileSync(join(process.env.E2E_DATA_DIR ?? ".data-e2e", "nextauth-secret"), "utf8").trim();
    // The real admin's uid: admin rights are asked of Firebase Auth for the account
    // a token names (lib/auth/admin-rights.ts), so a made-up uid is no admin however signed.
    const adminUid = (await sessionSeenAs(admin.cookie)).user!.uid;
    const claims = { uid: adminUid, name: "Mallory", email: ADMIN.email, isAdmin: true };
    // Control: a token made with the shop's real secret and a fresh sid is accepted,
    // so every refusal below is down to the forgery, not to how the cookie is sent.
    const genuine = await encode({ token: { ...claims, sid: randomUUID(), signedInAt: Math.floor(Date.now() / 1000) }, secret });
    expect(await sessionSeenAs(genuine)).toEqual({ user: expect.objectContaining({ uid: adminUid, isAdmin: true }), adminEntry: "page" });
    // The same token naming an account that does not exist is a shopper's session, not an admin's.
    const unknownAccount = await encode({ token: { ...claims, uid: "no-such-account", sid: randomUUID() }, secret });
    expect(await sessionSeenAs(unknownAccount)).toEqual({
      user: expect.objectContaining({ uid: "no-such-account", isAdmin: false }),
      adminEntry: expect.stringMatching(/^307 (http:\/\/localhost:\d+)?\/admin-signin$/),
    });

    const parts = admin.cookie.split(".");
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const forged: Record<string, string> = {
      "another secret": await encode({ token: { ...claims, sid: randomUUID() }, secret: "not-the-shops-secret-0123456789abcdef" }),
      "tampered payload": [...parts.slice(0, 3), flip(parts[3], Math.floor(parts[3].length / 2)), parts[4]].join("."),
      "tampered tag": [...parts.slice(0, 4), flip(parts[4], 0)].join("."),
      garbage: `garbage-${randomUUID()}`,
      "no sid (unrevocable)": await encode({ token: claims, secret }),
    };
    for (const [what, cookie] of Object.entries(forged)) {
      expect(await sessionSeenAs(cookie), what).toEqual(REFUSED);
      const name = `Forged ${what} ${run}`;
      const [atEntry, atHome] = await addProductWith(cookie, name);
      expect(atEntry.status, what).toBe(307);
      expect(atHome.result?.ok, what).not.toBe(true);
      expect(await productsNamed(name), what).toEqual([]);
    }
    // The admin's own, untampered cookie still works after all that.
    expect((await sessionSeenAs(admin.cookie)).adminEntry).toBe("page");
    await admin.context.close();
  });

  test("a flood of forged and expired session cookies is one line in the shop's log, without a stack", async () => {
    // A shop of its own (the load spec's takes the suite's port + 50, two-instances' + 60,
    // the cache-start and read-budget specs' + 70), whose output the spec can read.
    const config = await freshShopConfig(Number(new URL(baseURL).port) + 90);
    try {
      const shop = await startShop(config);
      try {
        const secret = config.env.NEXTAUTH_SECRET!;
        const cookies = [
          await encode({ token: { uid: "mallory", sid: randomUUID() }, secret: "not-the-shops-secret-0123456789abcdef" }),
          await encode({ token: { uid: "mallory", sid: randomUUID() }, secret, maxAge: -60 }),
          "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged.forged.forged.forged",
          `garbage-${randomUUID()}`,
        ];
        // The session endpoint, a page's session read and an API route's, ten times over.
        const requestIds: Array<string | null> = [];
        for (let round = 0; round < 10; round++) {
          for (const [i, cookie] of cookies.entries()) {
            const path = ["/api/auth/session", "/cart-page", "/api/cart"][(round + i) % 3];
            const response = await fetch(new URL(path, config.url), {
              headers: { cookie: `${SESSION_COOKIE}=${cookie}`, "x-request-id": "chosen-by-the-client" },
              redirect: "manual",
            });
            expect(response.status, `${path} with a forged cookie`).toBe(200);
            requestIds.push(response.headers.get("x-request-id"));
            await response.arrayBuffer();
          }
        }
        // The shop's lines are JSON (lib/log): one refusal line, no next-auth error, no stack.
        const lines = shop
          .log()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as { kind: string; reqId?: string; route?: string; err?: { stack?: string } });
        const refusals = lines.filter((line) => line.kind === "auth.session_cookie_refused");
        expect(refusals, shop.log()).toHaveLength(1);
        expect(
          lines.filter((line) => line.kind === "auth.next_auth_error" || line.err?.stack !== undefined),
          shop.log(),
        ).toEqual([]);
        // The line names the request that caused it (the first: /api/auth/session, a route handler), by the id
        // the shop gave it and sent back, never the client's.
        expect(new Set(requestIds).size, "one id per request").toBe(requestIds.length);
        expect(requestIds[0]).toMatch(/^[A-Za-z0-9_-]{16}$/);
        expect([refusals[0].reqId, refusals[0].route]).toEqual([requestIds[0], "/api/auth/session"]);
      } finally {
        await stopShop(shop);
      }
    } finally {
      removeShopData(config);
    }
  });

  test("an admin cookie copied before Sign Out is refused after it; another admin session stays valid", async ({ browser }) => {
    const first = await adminContext(browser);
    const second = await adminContext(browser);
    expect(first.cookie).not.toBe(second.cookie);
    // The copy works while the session lives.
    expect(await sessionSeenAs(first.cookie)).toEqual({ user: expect.objectContaining({ isAdmin: true }), adminEntry: "page" });

    await first.page.getByRole("button", { name: "Sign Out" }).click();
    await expect(first.page.locator("header").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    expect(await liveRevocationCount()).toBeGreaterThan(0);

    expect(await sessionSeenAs(first.cookie)).toEqual(REFUSED);
    const name = `After sign-out ${run}`;
    const [atEntry, atHome] = await addProductWith(first.cookie, name);
    expect(atEntry.status).toBe(307);
    expect(atHome.result?.ok).not.toBe(true);
    expect(await productsNamed(name)).toEqual([]);

    // The other admin, signed in separately, is untouched and can still add a product.
    expect(await sessionSeenAs(second.cookie)).toEqual({ user: expect.objectContaining({ isAdmin: true }), adminEntry: "page" });
    const control = `Still signed in ${run}`;
    const [controlAnswer] = await addProductWith(second.cookie, control, ["/admin-entry"]);
    expect(controlAnswer.result?.ok).toBe(true);
    expect(await productsNamed(control)).toHaveLength(1);
    await first.context.close();
    await second.context.close();
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
