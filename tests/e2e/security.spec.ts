import { expect, test } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { baseURL } from "../../playwright.config";
import { ADMIN } from "./helpers/accounts";
import { freshShopConfig, removeShopData, startShop, stopShop } from "./helpers/shop-process";
import { liveRevocationCount, productsNamed } from "./helpers/db";
import { actionId, callAction, CookieJar } from "./helpers/server-actions";
import { adminContext, SESSION_COOKIE } from "./helpers/session-cookie";

/**
 * Sessions as the store keeps them: a forged cookie, a flood of bad ones, and
 * an admin's cookie copied before Sign Out. Runs on both stores; the headers,
 * the session cookie's attributes and where a sign-in leads, the same code on
 * either, are security-headers.spec.ts's.
 */

const run = Date.now().toString(36);

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
