import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, before, beforeEach, describe, it, mock } from "node:test";
import type { JWT } from "next-auth/jwt";
import type * as CookiesModule from "@/lib/cookies";
import type * as OptionsModule from "@/lib/auth/options";
import type * as RevocationModule from "@/lib/auth/revocation";
import type * as DataModule from "@/lib/data";
import type * as AdminRightsModule from "@/lib/auth/admin-rights";

// One process, one environment (lib/env.ts parses it once): an https site
// with a real SQLite store in a temporary folder. Set before any lib import.
const dir = mkdtempSync(join(tmpdir(), "auth-session-"));
process.env.NEXTAUTH_URL = "https://shop.example.com";
process.env.NEXTAUTH_SECRET = "a-test-secret-that-is-long-enough-0123456789";
process.env.SQLITE_PATH = join(dir, "store.db");
process.env.STORE_BACKEND = "sqlite";
delete process.env.VERCEL;

let sessionCookie: typeof CookiesModule.sessionCookie;
let authOptions: typeof OptionsModule.authOptions;
let SESSION_MAX_AGE_S: number;
let getStore: typeof DataModule.getStore;
let adminRights: typeof AdminRightsModule.adminRights;

before(async () => {
  ({ sessionCookie } = await import("@/lib/cookies"));
  ({ authOptions } = await import("@/lib/auth/options"));
  ({ SESSION_MAX_AGE_S } = (await import("@/lib/auth/revocation")) as typeof RevocationModule);
  ({ getStore } = await import("@/lib/data"));
  ({ adminRights } = await import("@/lib/auth/admin-rights"));
});

// No Auth emulator here: admins keep their rights unless a test says otherwise.
beforeEach(() => mock.method(adminRights, "of", async () => "admin"));
afterEach(() => mock.restoreAll());

after(async () => {
  await (await getStore()).close();
  rmSync(dir, { recursive: true, force: true });
});

describe("session cookie", () => {
  it("on http: HttpOnly, SameSite=Lax, Path=/, not Secure, plain name", () => {
    assert.deepEqual(sessionCookie({ NEXTAUTH_URL: "http://localhost:3000" }), {
      name: "next-auth.session-token",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: false },
    });
  });

  it("on https: Secure and __Secure- prefixed, the other flags unchanged", () => {
    assert.deepEqual(sessionCookie({ NEXTAUTH_URL: "https://shop.example.com" }), {
      name: "__Secure-next-auth.session-token",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: true },
    });
  });

  it("the next-auth options of an https site use the secure cookie", () => {
    const options = authOptions();
    assert.equal(options.useSecureCookies, true);
    assert.deepEqual(options.cookies?.sessionToken, sessionCookie());
    assert.equal(options.session?.maxAge, SESSION_MAX_AGE_S);
  });
});

describe("session revocation through next-auth's callbacks", () => {
  const jwt = async (token: JWT) => authOptions().callbacks!.jwt!({ token } as never);
  const signOut = async (token: JWT) => authOptions().events!.signOut!({ token } as never);

  it("a sign-in gets a fresh random sid", async () => {
    const user = { id: "uid-1", name: "Ann", email: "ann@example.com", isAdmin: true };
    const first = await authOptions().callbacks!.jwt!({ token: {}, user } as never);
    const second = await authOptions().callbacks!.jwt!({ token: {}, user } as never);
    assert.match(String(first.sid), /^[0-9a-f-]{36}$/);
    assert.notEqual(first.sid, second.sid);
  });

  it("a live session passes; after its sign-out event it is refused, and another session is not", async () => {
    const signedInAt = Math.floor(Date.now() / 1000);
    const mine: JWT = { uid: "uid-1", isAdmin: true, sid: "0a9d1c52-4d1f-4a8e-9a55-2b5f3d3e7a01", signedInAt };
    const other: JWT = { uid: "uid-1", isAdmin: true, sid: "7c2e8f14-96b3-4f0a-8d27-c1e5b9a04f62", signedInAt };
    assert.deepEqual(await jwt(mine), mine);
    const before = Date.now();
    await signOut(mine);
    await assert.rejects(jwt({ ...mine }), /signed out/);
    assert.deepEqual(await jwt(other), other);
    // Kept for a whole session lifetime from the sign-out (a copy may have been
    // rolled until then), and forgotten after it.
    const store = await getStore();
    const lifetime = SESSION_MAX_AGE_S * 1000;
    try {
      mock.timers.enable({ apis: ["Date"], now: before + lifetime - 60_000 });
      assert.equal(await store.isSessionRevoked(mine.sid!), true, "a minute before a copy could expire");
      mock.timers.setTime(before + lifetime + 60_000);
      assert.equal(await store.isSessionRevoked(mine.sid!), false, "a minute after every copy has expired");
    } finally {
      mock.timers.reset();
    }
  });

  it("a token without a sid is refused (it cannot be revoked, so it is not trusted)", async () => {
    await assert.rejects(jwt({ uid: "uid-1", isAdmin: true }), /signed out/);
  });

  it("signing out with no decodable token (a forged cookie) changes nothing", async () => {
    await signOut(null as never);
    await signOut({} as JWT);
  });
});

describe("an admin session follows the account, and every session ends 30 days after its sign-in", () => {
  const jwt = async (token: JWT) => authOptions().callbacks!.jwt!({ token } as never);
  const now = () => Math.floor(Date.now() / 1000);
  const adminToken = (extra: Partial<JWT> = {}): JWT => ({
    uid: "uid-admin",
    isAdmin: true,
    sid: crypto.randomUUID(),
    signedInAt: now(),
    ...extra,
  });

  it("an admin whose rights were taken away (claim, ADMIN_EMAILS, disabled: Firebase says not_admin) reads back as a shopper", async () => {
    const asked = mock.method(adminRights, "of", async () => "not_admin");
    const token = adminToken();
    assert.deepEqual(await jwt(token), { ...token, isAdmin: false });
    assert.deepEqual(
      asked.mock.calls.map((call) => call.arguments),
      [["uid-admin"]],
    );
  });

  it("rights that cannot be checked leave the session unverified for this read: neither admin nor signed out", async () => {
    mock.method(adminRights, "of", async () => "unavailable");
    const token = adminToken();
    assert.deepEqual(await jwt(token), { ...token, unverified: true });
  });

  it("a shopper's session never costs a rights lookup", async () => {
    const asked = mock.method(adminRights, "of", async () => "admin");
    const token = adminToken({ isAdmin: false });
    assert.deepEqual(await jwt(token), token);
    assert.equal(asked.mock.callCount(), 0);
  });

  it("a session signed in over 30 days ago ends, however recently it was renewed; one a day younger lives", async () => {
    const day = 24 * 60 * 60;
    await assert.rejects(jwt(adminToken({ signedInAt: now() - 31 * day })), /signed out/);
    await assert.rejects(jwt(adminToken({ isAdmin: false, signedInAt: now() - 30 * day - 60 })), /signed out/);
    const younger = adminToken({ isAdmin: false, signedInAt: now() - 29 * day });
    assert.deepEqual(await jwt(younger), younger);
  });

  it("a session from before sign-in times were kept starts its 30 days at its next read", async () => {
    const token: JWT = { uid: "uid-old", isAdmin: false, sid: crypto.randomUUID() };
    const read = await jwt({ ...token });
    assert.ok(typeof read.signedInAt === "number" && Math.abs(read.signedInAt - now()) <= 2);
  });

  it("the cookie written on a renewal never expires later than 30 days after the sign-in", async () => {
    const { decode } = await import("next-auth/jwt");
    const { encodeSessionToken } = await import("@/lib/auth/session-token");
    const secret = process.env.NEXTAUTH_SECRET!;
    const signedInAt = now() - 29 * 24 * 60 * 60; // one day of its 30 left, a renewal asks for 7
    const written = await encodeSessionToken({ token: adminToken({ signedInAt }), secret, maxAge: SESSION_MAX_AGE_S });
    const exp = (await decode({ token: written, secret }))?.exp as number;
    assert.ok(Math.abs(exp - (signedInAt + 30 * 24 * 60 * 60)) <= 2, `exp ${exp} is the 30-day bound`);
  });
});
