/**
 * next-auth's logger (lib/auth/auth-logger.ts): a refused session cookie
 * (forged, expired, signed out) is one line without a stack, rate limited
 * per process with a count of what was left out; a real error is written
 * whole. First the logger alone with a clock of its own, then next-auth's
 * own session read (getServerSession, as every page and /api/auth/session
 * make it) with forged cookies, watching the console.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { after, afterEach, before, describe, it, mock } from "node:test";
import { getServerSession } from "next-auth/next";
import { encode, type JWT } from "next-auth/jwt";
import type * as LoggerModule from "@/lib/auth/auth-logger";
import type * as OptionsModule from "@/lib/auth/options";
import type * as RevocationModule from "@/lib/auth/revocation";
import type * as SessionCheckModule from "@/lib/auth/session-check";
import type * as SessionTokenModule from "@/lib/auth/session-token";
import type * as DataModule from "@/lib/data";
import { captureLogLines } from "@/lib/log/sink";
import { TEST_SECRET, TEST_SESSION_COOKIE, setUpServerEnv } from "./helpers/server-env";

const dir = setUpServerEnv("auth-logger-");
const SECRET = TEST_SECRET;
const COOKIE = TEST_SESSION_COOKIE;

let createAuthLogger: typeof LoggerModule.createAuthLogger;
let REFUSAL_LINE_INTERVAL_MS: number;
let authOptions: typeof OptionsModule.authOptions;
let revokeToken: typeof RevocationModule.revokeToken;
let SessionSignedOutError: typeof SessionCheckModule.SessionSignedOutError;
let SessionCookieUnreadable: typeof SessionTokenModule.SessionCookieUnreadable;
let decodeSessionToken: typeof SessionTokenModule.decodeSessionToken;
let getStore: typeof DataModule.getStore;

before(async () => {
  ({ createAuthLogger, REFUSAL_LINE_INTERVAL_MS } = await import("@/lib/auth/auth-logger"));
  ({ authOptions } = await import("@/lib/auth/options"));
  ({ revokeToken } = await import("@/lib/auth/revocation"));
  ({ SessionSignedOutError } = await import("@/lib/auth/session-check"));
  ({ SessionCookieUnreadable, decodeSessionToken } = await import("@/lib/auth/session-token"));
  ({ getStore } = await import("@/lib/data"));
});

afterEach(() => mock.restoreAll());

after(async () => {
  await (await getStore()).close();
  rmSync(dir, { recursive: true, force: true });
});

/** A logger writing into arrays, on a clock the test moves. */
function recordingLogger() {
  const written = { lines: [] as Array<{ code: string; reason: string; leftOut: number }>, errors: [] as Array<[string, unknown]> };
  let now = 1_000_000;
  const logger = createAuthLogger({
    refused: (code, reason, leftOut) => written.lines.push({ code, reason, leftOut }),
    error: (code, metadata) => written.errors.push([code, metadata]),
    now: () => now,
  });
  return { logger, written, advance: (ms: number) => (now += ms) };
}

/** What jose throws for a cookie made with another secret, as next-auth's decode reports it. */
function decryptionFailed(): Error {
  return Object.assign(new Error("decryption operation failed"), { name: "JWEDecryptionFailed", code: "ERR_JWE_DECRYPTION_FAILED" });
}

describe("the auth logger", () => {
  it("writes an unreadable cookie as one line: next-auth's code and the reason, no stack", () => {
    const { logger, written } = recordingLogger();
    logger.error("JWT_SESSION_ERROR", new SessionCookieUnreadable(decryptionFailed()));
    assert.deepEqual(written.lines, [
      { code: "JWT_SESSION_ERROR", reason: "ERR_JWE_DECRYPTION_FAILED: decryption operation failed", leftOut: 0 },
    ]);
    assert.deepEqual(written.errors, []);
  });

  it("writes a signed-out session the same way", () => {
    const { logger, written } = recordingLogger();
    logger.error("JWT_SESSION_ERROR", new SessionSignedOutError());
    assert.deepEqual(written.lines, [{ code: "JWT_SESSION_ERROR", reason: "This session was signed out", leftOut: 0 }]);
  });

  it("writes at most one refusal line per interval, and the next one counts those left out", () => {
    const { logger, written, advance } = recordingLogger();
    logger.error("JWT_SESSION_ERROR", new SessionCookieUnreadable(decryptionFailed()));
    for (let i = 0; i < 3; i++) {
      advance(1_000);
      logger.error("JWT_SESSION_ERROR", new SessionCookieUnreadable(decryptionFailed()));
    }
    logger.error("SIGNOUT_ERROR", new SessionSignedOutError());
    assert.equal(written.lines.length, 1, "four refusals within the interval write nothing");

    advance(REFUSAL_LINE_INTERVAL_MS);
    logger.error("JWT_SESSION_ERROR", new SessionSignedOutError());
    assert.equal(written.lines.length, 2);
    assert.deepEqual(written.lines[1], { code: "JWT_SESSION_ERROR", reason: "This session was signed out", leftOut: 4 });

    // The count starts again from the line that reported it.
    advance(REFUSAL_LINE_INTERVAL_MS);
    logger.error("JWT_SESSION_ERROR", new SessionSignedOutError());
    assert.equal(written.lines[2].leftOut, 0);
  });

  it("keeps a refusal line to one short line whatever the cookie's sender put in the error", () => {
    const { logger, written } = recordingLogger();
    const chosen = new Error(`Extension Header Parameter "x\n[next-auth][error][FAKE]\r\n\u2028${"y".repeat(500)}" is not recognized`);
    chosen.name = "JOSENotSupported";
    logger.error("JWT_SESSION_ERROR", new SessionCookieUnreadable(chosen));
    assert.equal(written.lines.length, 1);
    assert.doesNotMatch(written.lines[0].reason, /[\n\r\u2028]/);
    assert.ok(written.lines[0].reason.length <= 200, `${written.lines[0].reason.length} characters`);
  });

  it("writes a real error whole, stack included, every time, and it counts as no refusal", () => {
    const { logger, written } = recordingLogger();
    const real = new Error("the store's encoder failed");
    for (let i = 0; i < 3; i++) logger.error("JWT_SESSION_ERROR", real);
    logger.error("OAUTH_CALLBACK_ERROR", { error: real, providerId: "firebase" });
    assert.equal(written.errors.length, 4, "never rate limited");
    assert.deepEqual(written.errors[0], ["JWT_SESSION_ERROR", real]);
    assert.match((written.errors[0][1] as Error).stack ?? "", /the store's encoder failed\n\s+at /);
    assert.deepEqual(written.errors[3], ["OAUTH_CALLBACK_ERROR", { error: real, providerId: "firebase" }]);
    assert.deepEqual(written.lines, []);
  });

  it("is the logger of the next-auth options, with the decode that names an unreadable cookie", () => {
    const options = authOptions();
    assert.equal(typeof options.logger?.error, "function");
    assert.equal(options.jwt?.decode, decodeSessionToken);
  });
});

describe("decodeSessionToken", () => {
  it("names the reason by jose's code (a production build minifies class names away), else by the error's name", () => {
    const minified = Object.assign(new Error("Invalid Compact JWE"), { name: "", code: "ERR_JWE_INVALID" });
    assert.equal(new SessionCookieUnreadable(minified).message, "ERR_JWE_INVALID: Invalid Compact JWE");
    assert.equal(new SessionCookieUnreadable(new TypeError("Key must be a KeyObject")).message, "TypeError: Key must be a KeyObject");
    assert.equal(new SessionCookieUnreadable(Object.assign(new Error("no name"), { name: "" })).message, "no name");
  });

  it("reads a cookie made with the shop's secret", async () => {
    const token = await encode({ token: { uid: "u1", sid: "s1" }, secret: SECRET });
    assert.equal((await decodeSessionToken({ token, secret: SECRET }))?.uid, "u1");
  });

  it("refuses one made with another secret, expired, or garbage, as SessionCookieUnreadable with jose's reason", async () => {
    const cookies = {
      "another secret": await encode({ token: { uid: "u1" }, secret: "not-the-shops-secret-0123456789abcdef" }),
      expired: await encode({ token: { uid: "u1" }, secret: SECRET, maxAge: -60 }),
      garbage: "garbage",
    };
    for (const [what, token] of Object.entries(cookies)) {
      await assert.rejects(decodeSessionToken({ token, secret: SECRET }), (error: Error) => {
        assert.ok(error instanceof SessionCookieUnreadable, what);
        assert.ok(error.cause instanceof Error, what);
        assert.match(error.message, /^ERR_(JWE_DECRYPTION_FAILED|JWT_EXPIRED|JWE_INVALID): /, what);
        return true;
      });
    }
  });
});

describe("next-auth's session read with refused cookies", () => {
  /** One session read as pages and /api/auth/session make it (getServerSession's request/response form). */
  async function readSession(cookieValue: string) {
    const res = { getHeader: () => undefined, setHeader: () => undefined };
    return getServerSession({ headers: {}, cookies: { [COOKIE]: cookieValue } } as never, res as never, authOptions());
  }

  it("logs one line without a stack for many forged, expired and signed-out cookies, and no error", async () => {
    const signedOut: JWT = { uid: "uid-ann", sid: randomUUID(), signedInAt: Math.floor(Date.now() / 1000) };
    await revokeToken(signedOut);
    const cookies = [
      await encode({ token: { uid: "mallory", sid: randomUUID() }, secret: "not-the-shops-secret-0123456789abcdef" }),
      await encode({ token: { uid: "uid-ann", sid: randomUUID() }, secret: SECRET, maxAge: -60 }),
      await encode({ token: signedOut, secret: SECRET }),
      "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged.forged.forged.forged",
      `garbage-${randomUUID()}`,
    ];
    const logged = captureLogLines();
    try {
      for (let round = 0; round < 4; round++) {
        for (const cookie of cookies) assert.equal(await readSession(cookie), null);
      }
    } finally {
      logged.restore();
    }
    assert.equal(logged.lines.length, 1, "20 refusals, one line, and no error");
    const [line] = logged.lines;
    assert.deepEqual(
      [line.level, line.kind, line.code, line.reason, line.err],
      ["warn", "auth.session_cookie_refused", "JWT_SESSION_ERROR", "ERR_JWE_DECRYPTION_FAILED: decryption operation failed", undefined],
    );
  });

  it("still logs a real error in a session read in full", async () => {
    const logged = captureLogLines();
    mock.method(authOptions().callbacks as { session: () => unknown }, "session", () => {
      throw new Error("session callback broke");
    });
    const cookie = await encode({
      token: { uid: "uid-ann", sid: randomUUID(), signedInAt: Math.floor(Date.now() / 1000) },
      secret: SECRET,
    });
    try {
      assert.equal(await readSession(cookie), null);
    } finally {
      logged.restore();
    }
    const errors = logged.lines.filter((line) => line.level === "error");
    assert.equal(errors.length, 1);
    assert.deepEqual([errors[0].kind, errors[0].code], ["auth.next_auth_error", "JWT_SESSION_ERROR"]);
    assert.match((errors[0].err as { stack?: string }).stack ?? "", /session callback broke\n\s+at /);
  });
});
