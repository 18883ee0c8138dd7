/**
 * "Forgot password" (lib/account/password-reset.ts), issue 43 item 1, against a
 * real SQLite store, with Firebase Auth's code made by a stand-in function
 * (the e2e spec password-reset.spec.ts asks the Auth emulator): the reset
 * email carries the code to the shop's own page; the answer is the same
 * whether or not an account has the address; the limits are asked once the
 * form is valid; an outage says so and writes nothing. And the account
 * cut-off a sign-in records (lib/auth/account-sessions.ts sessionCutoff).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { sessionCutoff } from "@/lib/auth/account-sessions";
import { requestPasswordReset, type PasswordResetRequest } from "@/lib/account/password-reset";
import { FORGOT_PASSWORD_MESSAGES, forgotPasswordNotice, forgotPasswordStateOf } from "@/lib/account/password-reset-state";
import { SESSION_ABSOLUTE_MAX_S } from "@/lib/auth/session-check";
import { StoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { formOf } from "./helpers/action-inputs";

const dir = mkdtempSync(join(tmpdir(), "password-reset-"));
const ACCOUNT = "Rita.Reset@Example.com";
const CODE = "oob-CODE_123-abc";

describe("forgot password", () => {
  let store: Store;
  let limitsAsked: string[];
  let codesAsked: string[];
  let sent: number;
  let request: PasswordResetRequest;

  /** Every email in the outbox, claimed far ahead so nothing is left out. */
  const outbox = async () => store.claimDueEmails(Date.now() + 365 * 24 * 3600 * 1000, 100, 1000);

  before(() => {
    store = openSqliteStore(join(dir, "store.db"));
  });
  beforeEach(() => {
    limitsAsked = [];
    codesAsked = [];
    sent = 0;
    request = {
      resetCode: async (email) => (codesAsked.push(email), email.toLowerCase() === ACCOUNT.toLowerCase() ? CODE : null),
      store: async () => store,
      limit: async (email) => (limitsAsked.push(email), null),
      afterSent: () => void (sent += 1),
    };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("an account's address gets an email linking to the shop's own page with Firebase's code, sent after the response", async () => {
    const state = await requestPasswordReset(request, formOf({ email: ` ${ACCOUNT} ` }));
    assert.deepEqual(state, { kind: "sent", message: FORGOT_PASSWORD_MESSAGES.sent });
    assert.deepEqual([limitsAsked, codesAsked, sent], [[ACCOUNT], [ACCOUNT], 1]);
    const [mail, ...rest] = await outbox();
    assert.deepEqual(rest, []);
    assert.deepEqual([mail.to, mail.orderId, mail.subject], [ACCOUNT, null, "Choose a new password for your Storefront account"]);
    assert.match(mail.text, new RegExp(`^https?://[^/\\s]+/new-password\\?code=${CODE}$`, "m"));
    assert.match(mail.text, /works once, for one hour/);
    assert.match(mail.text, /If you did not ask, ignore this email/);
  });

  test("an address no account has gets the same answer, counted against the limits, and nothing is written", async () => {
    const state = await requestPasswordReset(request, formOf({ email: "nobody.here@example.com" }));
    assert.deepEqual(state, { kind: "sent", message: FORGOT_PASSWORD_MESSAGES.sent });
    assert.deepEqual([limitsAsked, sent], [["nobody.here@example.com"], 0]);
    assert.deepEqual(await outbox(), []);
  });

  test("a bad address is said by the field and counts against no limit; a limit refuses before Firebase is asked", async () => {
    assert.deepEqual(await requestPasswordReset(request, formOf({ email: "not an address" })), {
      kind: "invalid",
      error: FORGOT_PASSWORD_MESSAGES.email,
      email: "not an address",
    });
    assert.deepEqual(await requestPasswordReset(request, new FormData()), {
      kind: "invalid",
      error: FORGOT_PASSWORD_MESSAGES.email,
      email: "",
    });
    assert.deepEqual([limitsAsked, codesAsked], [[], []]);
    const limited = await requestPasswordReset(
      { ...request, limit: async () => FORGOT_PASSWORD_MESSAGES.limited, resetCode: async () => assert.fail("not asked once limited") },
      formOf({ email: ACCOUNT }),
    );
    assert.deepEqual(limited, { kind: "refused", message: FORGOT_PASSWORD_MESSAGES.limited, email: ACCOUNT });
    assert.deepEqual(await outbox(), []);
  });

  test("Firebase Auth or the store down: the shopper is told, and nothing is written or sent", async () => {
    const authDown = await requestPasswordReset(
      {
        ...request,
        resetCode: async () => {
          throw new Error("Firebase Auth did not answer within 5 s");
        },
      },
      formOf({ email: ACCOUNT }),
    );
    assert.deepEqual(authDown, { kind: "refused", message: FORGOT_PASSWORD_MESSAGES.unavailable, email: ACCOUNT });
    const storeDown = await requestPasswordReset(
      {
        ...request,
        store: async () => {
          throw new StoreError("unavailable", "down");
        },
      },
      formOf({ email: ACCOUNT }),
    );
    assert.deepEqual(storeDown, { kind: "refused", message: FORGOT_PASSWORD_MESSAGES.unavailable, email: ACCOUNT });
    assert.deepEqual([sent, await outbox()], [0, []]);
  });

  test("each answer travels through a redirect as a code, and comes back as the same words", () => {
    for (const code of ["sent", "email", "limited", "unavailable"]) {
      const state = forgotPasswordStateOf(code);
      assert.ok(state, code);
      assert.equal(forgotPasswordNotice(state), code);
    }
    assert.equal(forgotPasswordStateOf("<script>"), null);
    assert.equal(forgotPasswordStateOf(["sent", "sent"]), null);
  });
});

describe("the account cut-off a sign-in records (sessionCutoff)", () => {
  const now = Date.UTC(2030, 5, 1, 12, 0, 0, 700);
  const lifetime = SESSION_ABSOLUTE_MAX_S * 1000;

  test("Firebase's moment, kept until no session signed in before it can live", () => {
    const reset = new Date(now - 60_000).toUTCString();
    assert.deepEqual(sessionCutoff(reset, now), { before: now - 60_700, expiresAt: now - 60_700 + lifetime });
  });

  test("never after the whole second of the sign-in recording it, however far Firebase's clock runs ahead", () => {
    const ahead = new Date(now + 5_000).toUTCString();
    const cut = sessionCutoff(ahead, now);
    assert.equal(cut?.before, Date.UTC(2030, 5, 1, 12, 0, 0));
    // The session this sign-in starts is stamped with whole seconds from now on: it is never before the cut-off.
    assert.ok(Math.floor(now / 1000) * 1000 >= cut!.before);
  });

  test("none when Firebase has no moment, an unreadable one, or one older than any session can live", () => {
    assert.equal(sessionCutoff(undefined, now), null);
    assert.equal(sessionCutoff("not a date", now), null);
    assert.equal(sessionCutoff(new Date(now - lifetime - 1000).toUTCString(), now), null);
  });
});
