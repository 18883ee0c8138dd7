/**
 * A store that fails while a session is checked (issue 10): the session is
 * neither ended nor trusted. Runs next-auth's own session read (its core
 * AuthHandler, which /api/auth/session and getServerSession both call) with
 * a real SQLite store whose revocation lookup is made to fail, then the
 * readers built on it: currentUser's mapping, the cart owner, the add and
 * remove actions, and the proxy's gate for pages.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, before, beforeEach, describe, it, mock } from "node:test";
import type { Session } from "next-auth";
import { getServerSession } from "next-auth/next";
import { decode, encode, type JWT } from "next-auth/jwt";
import { NextRequest } from "next/server";
import type * as OptionsModule from "@/lib/auth/options";
import type * as RevocationModule from "@/lib/auth/revocation";
import type * as SessionModule from "@/lib/auth/session";
import type * as OwnerModule from "@/lib/cart/owner";
import type * as RequestCartModule from "@/lib/cart/request-cart";
import type * as ResultsModule from "@/lib/cart/results";
import type * as DataModule from "@/lib/data";
import type * as ErrorsModule from "@/lib/data/contract/errors";
import type * as ProxyModule from "@/proxy";
import type * as AddProductModule from "@/lib/admin/add-product";
import type * as AdminRightsModule from "@/lib/auth/admin-rights";
import type * as GuardModule from "@/lib/admin/guard";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { product, productsOf } from "./helpers/fixtures";
import { captureLogLines } from "@/lib/log/sink";

// One process, one environment (lib/env.ts parses it once): an https site
// with a real SQLite store in a temporary folder. Set before any lib import.
const dir = mkdtempSync(join(tmpdir(), "auth-unavailable-"));
const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const COOKIE = "__Secure-next-auth.session-token";
process.env.NEXTAUTH_URL = "https://shop.example.com";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.SQLITE_PATH = join(dir, "store.db");
process.env.STORE_BACKEND = "sqlite";
delete process.env.VERCEL;

let authOptions: typeof OptionsModule.authOptions;
let revokeToken: typeof RevocationModule.revokeToken;
let sessionStatus: typeof RevocationModule.sessionStatus;
let userOfSession: typeof SessionModule.userOfSession;
let cartOwnerOf: typeof OwnerModule.cartOwnerOf;
let addToRequestCart: typeof RequestCartModule.addToRequestCart;
let removeFromRequestCart: typeof RequestCartModule.removeFromRequestCart;
let cartFailure: typeof ResultsModule.cartFailure;
let StoreError: typeof ErrorsModule.StoreError;
let isStoreError: typeof ErrorsModule.isStoreError;
let proxy: typeof ProxyModule.proxy;
let addProductAs: typeof AddProductModule.addProductAs;
let REFUSALS: typeof GuardModule.REFUSALS;
let adminRights: typeof AdminRightsModule.adminRights;
let store: Store;
let lamp: Product;

before(async () => {
  ({ authOptions } = await import("@/lib/auth/options"));
  ({ revokeToken, sessionStatus } = await import("@/lib/auth/revocation"));
  ({ userOfSession } = await import("@/lib/auth/session"));
  ({ cartOwnerOf } = await import("@/lib/cart/owner"));
  ({ addToRequestCart, removeFromRequestCart } = await import("@/lib/cart/request-cart"));
  ({ cartFailure } = await import("@/lib/cart/results"));
  ({ StoreError, isStoreError } = await import("@/lib/data/contract/errors"));
  ({ proxy } = await import("@/proxy"));
  ({ addProductAs } = await import("@/lib/admin/add-product"));
  ({ REFUSALS } = await import("@/lib/admin/guard"));
  ({ adminRights } = await import("@/lib/auth/admin-rights"));
  store = await ((await import("@/lib/data")) as typeof DataModule).getStore();
  lamp = product("desk-lamp", 2, "Electronics", { priceCents: 3999 });
  await store.upsertProducts([lamp]);
});

after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

// No Auth emulator here: an admin's rights are whatever a test says (tests/admin-rights.test.ts covers the lookup).
beforeEach(() => mock.method(adminRights, "of", async () => "admin"));
/** The log lines a test silenced (silenceLog), printed nowhere until afterEach restores the log. */
let silenced: ReturnType<typeof captureLogLines> | null = null;
function silenceLog(): void {
  silenced ??= captureLogLines();
}
afterEach(() => {
  mock.restoreAll();
  silenced?.restore();
  silenced = null;
});

/** From here on the revocation lookup fails as Firestore's adapter reports an outage. Logged errors are silenced. */
function breakRevocationLookup() {
  silenceLog();
  return mock.method(store, "isSessionRevoked", async () => {
    throw new StoreError("unavailable", "Firestore: deadline exceeded");
  });
}

const identity = { uid: "uid-ann", name: "Ann", email: "ann@example.com", isAdmin: false };

/** A session cookie as a sign-in issues it. */
async function signedInCookie(claims: Partial<JWT> = {}): Promise<{ value: string; token: JWT }> {
  const token: JWT = { ...identity, sid: randomUUID(), signedInAt: Math.floor(Date.now() / 1000), ...claims };
  return { value: await encode({ token, secret: SECRET, maxAge: 60 * 60 * 24 * 7 }), token };
}

interface SessionRead {
  /** getServerSession's answer (null for none). */
  session: Session | null;
  /** What next-auth answered for the session cookie: its value ("" when cleared) and attributes. */
  setCookie: { value: string; attributes: string } | undefined;
}

/**
 * One read of the session through next-auth's session action, the one
 * behind /api/auth/session and getServerSession (called here in its
 * request/response form, which needs no Next request scope and hands back
 * the Set-Cookie that /api/auth/session would send).
 */
async function readSession(cookieValue: string): Promise<SessionRead> {
  const headers = new Map<string, string[]>();
  const res = {
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: string[]) => void headers.set(name.toLowerCase(), value),
  };
  const req = { headers: {}, cookies: { [COOKIE]: cookieValue } };
  const session = (await getServerSession(req as never, res as never, authOptions())) as Session | null;
  const line = (headers.get("set-cookie") ?? []).find((header) => header.startsWith(`${COOKIE}=`));
  const [pair, ...attributes] = (line ?? "").split("; ");
  return {
    session,
    setCookie: line === undefined ? undefined : { value: pair.slice(COOKIE.length + 1), attributes: attributes.join("; ") },
  };
}

/** currentUser() of a request carrying this cookie. */
async function userOf(cookieValue: string) {
  return userOfSession((await readSession(cookieValue)).session);
}

const isUnavailable = (error: unknown) => isStoreError(error, "unavailable");

describe("the jwt callback when the revocation lookup fails", () => {
  const jwt = (token: JWT) => authOptions().callbacks!.jwt!({ token } as never);

  it("does not throw, keeps the identity and marks the token unverified", async () => {
    const { token } = await signedInCookie({ isAdmin: true });
    const lookup = breakRevocationLookup();
    const checked = await jwt({ ...token });
    assert.equal(lookup.mock.callCount(), 1, "the lookup was asked");
    assert.deepEqual(checked, { ...token, unverified: true });
  });

  it("checks afresh on each read: a mark from an earlier read is never taken as an answer", async () => {
    const { token } = await signedInCookie();
    assert.deepEqual(await jwt({ ...token, unverified: true }), token, "store up: the mark is dropped");
    breakRevocationLookup();
    assert.deepEqual(await jwt({ ...token }), { ...token, unverified: true });
  });

  it("sessionStatus says unavailable, not valid and not revoked", async () => {
    breakRevocationLookup();
    assert.equal(await sessionStatus({ sid: randomUUID() }), "unavailable");
    // A token without a sid needs no lookup: refused as before.
    assert.equal(await sessionStatus({}), "revoked");
  });
});

describe("a session read while the store is down", () => {
  it("keeps the cookie and its identity, discloses no user and does not extend its life", async () => {
    const { value, token } = await signedInCookie();
    const original = await decode({ token: value, secret: SECRET });
    breakRevocationLookup();
    const { session, setCookie } = await readSession(value);

    assert.deepEqual(Object.keys(session ?? {}).sort(), ["expires", "unavailable"]);
    assert.equal(session?.unavailable, true);
    assert.equal(session?.user, undefined, "no name or address for a session that may be signed out");

    assert.ok(setCookie, "the session cookie is re-sent, not cleared");
    assert.notEqual(setCookie.value, "");
    assert.doesNotMatch(setCookie.attributes, /Max-Age=0/);
    const reissued = await decode({ token: setCookie.value, secret: SECRET });
    assert.ok(reissued && original);
    for (const key of ["uid", "name", "email", "isAdmin", "sid"] as const) assert.equal(reissued[key], token[key], key);
    assert.equal("unverified" in reissued, false, "the mark is never written into the cookie");
    assert.ok(Number(reissued.exp) <= Number(original.exp), "an unchecked session is not rolled forward");
  });

  it("currentUser reports unavailable (a typed StoreError), not null and not the user", async () => {
    const { value } = await signedInCookie();
    breakRevocationLookup();
    await assert.rejects(userOf(value), isUnavailable);
  });

  it("the same cookie is the signed-in user again once the store answers", async () => {
    const { value } = await signedInCookie();
    breakRevocationLookup();
    const { setCookie } = await readSession(value);
    mock.restoreAll();
    const { signedInAt, ...user } = (await userOf(setCookie!.value))!;
    assert.deepEqual(user, identity);
    assert.ok(signedInAt > Date.UTC(2020, 0, 1) / 1000, "the session says when it began, in seconds");
  });
});

describe("a signed-out (revoked) session", () => {
  it("is still refused while the store is down: unavailable, neither accepted nor ended", async () => {
    const { value, token } = await signedInCookie();
    await revokeToken(token);
    breakRevocationLookup();
    await assert.rejects(userOf(value), isUnavailable);
    const { session, setCookie } = await readSession(value);
    assert.equal(session?.user, undefined);
    assert.notEqual(setCookie?.value, "", "not signed out either");
  });

  it("is refused and its cookie cleared once the store answers", async () => {
    const { value, token } = await signedInCookie();
    await revokeToken(token);
    silenceLog(); // next-auth logs each refusal
    const { session, setCookie } = await readSession(value);
    assert.equal(session, null);
    assert.equal(setCookie?.value, "", "next-auth clears the cookie of a signed-out session");
    assert.equal(await userOf(value), null);
  });
});

describe("the cart owner and the cart actions when the session cannot be checked", () => {
  const guestId = "0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
  const guest: CartOwner = `guest:${guestId}`;

  /** A request with this session cookie and (optionally) a guest cart cookie; records guest cookies issued. */
  function requestWith(sessionValue: string, guestCookie?: string) {
    const issued: string[] = [];
    const ownerRequest = {
      user: () => userOf(sessionValue),
      guestId: () => guestCookie,
      setGuestId: (id: string) => void issued.push(id),
    };
    return {
      issued,
      ownerRequest,
      cartRequest: {
        owner: (options: { create: boolean }) => cartOwnerOf(ownerRequest, options),
        store: async () => store,
        products: productsOf(store),
      },
    };
  }

  it("the owner is unavailable, never a new or an existing guest", async () => {
    const { value } = await signedInCookie();
    breakRevocationLookup();
    for (const guestCookie of [undefined, guestId]) {
      const { issued, ownerRequest } = requestWith(value, guestCookie);
      await assert.rejects(cartOwnerOf(ownerRequest, { create: true }), isUnavailable);
      await assert.rejects(cartOwnerOf(ownerRequest, { create: false }), isUnavailable);
      assert.deepEqual(issued, [], "no guest cart cookie issued");
    }
  });

  it("with the store up, the same request is the user's cart", async () => {
    const { value } = await signedInCookie();
    const { ownerRequest, issued } = requestWith(value, guestId);
    assert.equal(await cartOwnerOf(ownerRequest, { create: true }), `user:${identity.uid}`);
    assert.deepEqual(issued, []);
  });

  it("add to cart returns the unavailable result and writes nothing to any cart", async () => {
    await store.addToLine(guest, lamp.id, 1);
    const guestBefore = await store.listCart(guest);
    const { value } = await signedInCookie();
    breakRevocationLookup();
    const writes = mock.method(store, "addToLine");
    for (const guestCookie of [undefined, guestId]) {
      const { issued, cartRequest } = requestWith(value, guestCookie);
      const result = await addToRequestCart(cartRequest, lamp.id);
      assert.deepEqual(result, cartFailure("unavailable"));
      assert.match(result.ok ? "" : result.error, /briefly unavailable.*try again/i);
      assert.deepEqual(issued, []);
    }
    assert.equal(writes.mock.callCount(), 0, "no cart was written");
    assert.deepEqual(await store.listCart(guest), guestBefore);
    assert.deepEqual(await store.listCart(`user:${identity.uid}`), []);
  });

  it("remove from cart returns the unavailable result and removes nothing", async () => {
    const { value } = await signedInCookie();
    await store.addToLine(`user:${identity.uid}`, lamp.id, 1);
    breakRevocationLookup();
    const removals = mock.method(store, "removeLine");
    const result = await removeFromRequestCart(requestWith(value, guestId).cartRequest, lamp.id);
    assert.deepEqual(result, cartFailure("unavailable"));
    assert.equal(removals.mock.callCount(), 0);
    mock.restoreAll();
    assert.equal((await store.listCart(`user:${identity.uid}`)).length, 1);
  });
});

describe("proxy: pages that need the session", () => {
  const request = (path: string, cookieValue?: string, headers: Record<string, string> = {}) =>
    new NextRequest(`https://shop.example.com${path}`, {
      headers: { ...headers, ...(cookieValue ? { cookie: `${COOKIE}=${cookieValue}` } : {}) },
    });

  it("answer 503 for a session the store cannot check, with the store down", async () => {
    const { value } = await signedInCookie();
    const admin = await signedInCookie({ isAdmin: true });
    breakRevocationLookup();
    for (const [path, cookie, headers] of [
      ["/cart-page", value, {}],
      ["/cart-page", value, { "sec-fetch-dest": "document" }],
      ["/admin-entry", admin.value, {}],
    ] as const) {
      const response = await proxy(request(path, cookie, headers));
      assert.equal(response.status, 503, path);
      assert.match(await response.text(), /briefly unavailable/);
      assert.equal(response.headers.get("retry-after"), "5");
    }
  });

  it("pass guests, script fetches and checkable sessions through; refuse non-admins and revoked admins as before", async () => {
    const isForwarded = (response: Response) => response.status === 200 && response.headers.get("x-middleware-next") === "1";
    const { value } = await signedInCookie();
    const admin = await signedInCookie({ isAdmin: true });
    assert.ok(isForwarded(await proxy(request("/cart-page", value))), "store up: the page renders");
    assert.ok(isForwarded(await proxy(request("/admin-entry", admin.value))));
    await revokeToken(admin.token);
    assert.equal((await proxy(request("/admin-entry", admin.value))).status, 307, "a revoked admin goes to sign in");

    const demoted = await signedInCookie({ isAdmin: true });
    mock.method(adminRights, "of", async () => "not_admin");
    assert.equal(
      (await proxy(request("/admin-entry", demoted.value))).status,
      307,
      "an admin whose rights were taken away goes to sign in",
    );
    mock.method(adminRights, "of", async () => "unavailable");
    assert.equal((await proxy(request("/admin-entry", demoted.value))).status, 503, "rights that cannot be checked: 503, not in, not out");

    const lookup = breakRevocationLookup();
    assert.ok(isForwarded(await proxy(request("/cart-page"))), "a guest needs no check");
    // A router prefetch or client-side navigation (Next strips its own headers before the proxy).
    assert.ok(isForwarded(await proxy(request("/cart-page", value, { "sec-fetch-dest": "empty" }))));
    assert.equal((await proxy(request("/admin-entry", value))).status, 307, "a non-admin token needs no check either");
    assert.equal(lookup.mock.callCount(), 0);
  });
});

describe("the add-product action when the session cannot be checked", () => {
  const page = { origin: "https://shop.example.com", host: "shop.example.com", forwardedHost: null };
  const form = () => {
    const data = new FormData();
    data.set("productName", "Desk Fan");
    data.set("productImage", "/products/fan.webp");
    data.set("productPrize", "24.99");
    data.set("productDetails", "Quiet. Three speeds.");
    data.set("productType", "Electronics");
    return data;
  };

  it("is refused as unavailable (try again), not as 'sign in again', and opens no store", async () => {
    let opened = 0;
    const openStore = async () => {
      opened += 1;
      return store;
    };
    assert.deepEqual(await addProductAs({ ...page, user: "unavailable" }, form(), openStore), {
      ok: false,
      error: REFUSALS.unavailable,
      fieldErrors: {},
    });
    assert.match(REFUSALS.unavailable, /briefly unavailable.*try again/i);
    // Another site's request is still told so first.
    const crossSite = await addProductAs({ ...page, origin: "https://evil.example", user: "unavailable" }, form(), openStore);
    assert.equal(!crossSite.ok && crossSite.error, REFUSALS.crossOrigin);
    assert.equal(opened, 0);
  });
});
