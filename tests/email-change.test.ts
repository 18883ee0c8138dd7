/**
 * Asking to move an account to another address (lib/account/email-change.ts),
 * issue 43 item 3, against a real SQLite outbox, with the session, Firebase's
 * token check and its code as stand-in functions (the e2e spec
 * account.spec.ts asks the Auth emulator): the new address gets the link to
 * the shop's own page, the old one a notice; without a fresh proof of the
 * session's own account, for a bad or unchanged address, over a limit, or
 * for an address another account has, nothing is mailed.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { requestEmailChange, type EmailChangeRequest } from "@/lib/account/email-change";
import { EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_PROOF_MAX_AGE_S, emailChangeMessage } from "@/lib/account/email-change-state";
import { FirebaseAuthTimeout } from "@/lib/auth/firebase-auth-call";
import { StoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";

const dir = mkdtempSync(join(tmpdir(), "email-change-"));
const UID = "uid-mo";
const NOW = Date.UTC(2026, 11, 2, 10, 0, 0);
const CODE = "oob-CHANGE_123-abc";
const TOKEN = "a-fresh-id-token-of-mo";

describe("asking to change an account's email address", () => {
  let store: Store;
  let asked: string[];
  let sent: number;
  let request: EmailChangeRequest;

  /** Every email in the outbox, claimed far ahead so nothing is left out. */
  const outbox = async () => store.claimDueEmails(NOW + 365 * 24 * 3600 * 1000, 100, 1000);

  before(() => {
    store = openSqliteStore(join(dir, "store.db"));
  });
  beforeEach(async () => {
    await outbox();
    asked = [];
    sent = 0;
    request = {
      user: async () => ({ uid: UID }),
      proof: async (token) =>
        token === TOKEN ? { uid: UID, email: "Mo@Example.com", authTime: NOW / 1000 - 60, viaPassword: true } : null,
      clientLimited: async () => (asked.push("client"), false),
      recipientLimited: async (email) => (asked.push(`recipient ${email}`), false),
      code: async (email, newEmail) => (asked.push(`code ${email} ${newEmail}`), CODE),
      store: async () => store,
      afterSent: () => void (sent += 1),
      now: () => NOW,
    };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the new address gets a link to the shop's page with Firebase's code, the old one a notice naming the new", async () => {
    const state = await requestEmailChange(TOKEN, "  Mo.New@Example.org ", request);
    assert.deepEqual(state, { notice: "sent" });
    assert.equal(emailChangeMessage(state), EMAIL_CHANGE_MESSAGES.sent);
    assert.deepEqual(asked, ["client", "recipient mo.new@example.org", "code mo@example.com mo.new@example.org"]);
    assert.equal(sent, 1);
    const mails = await outbox();
    assert.deepEqual(
      mails.map((mail) => [mail.to, mail.subject]),
      [
        ["mo.new@example.org", "Confirm your new email address for Storefront"],
        ["mo@example.com", "Your Storefront account's email address is changing"],
      ],
    );
    assert.match(mails[0].text, new RegExp(`^https?://[^/\\s]+/verify-email\\?code=${CODE}$`, "m"));
    assert.doesNotMatch(mails[1].text, new RegExp(CODE), "the old address never gets the code");
    assert.match(mails[1].text, /mo\.new@example\.org/);
  });

  for (const [label, change, notice] of [
    ["signed out", (r: EmailChangeRequest) => (r.user = async () => null), "signedOut"],
    ["a token Firebase refuses", (r: EmailChangeRequest) => (r.proof = async () => null), "staleProof"],
    [
      "another account's token",
      (r: EmailChangeRequest) =>
        (r.proof = async () => ({ uid: "uid-eve", email: "eve@example.com", authTime: NOW / 1000, viaPassword: true })),
      "staleProof",
    ],
    [
      `a sign-in older than ${EMAIL_CHANGE_PROOF_MAX_AGE_S} s`,
      (r: EmailChangeRequest) =>
        (r.proof = async () => ({
          uid: UID,
          email: "mo@example.com",
          authTime: NOW / 1000 - EMAIL_CHANGE_PROOF_MAX_AGE_S - 1,
          viaPassword: true,
        })),
      "staleProof",
    ],
    [
      "a fresh sign-in without the password (Google's)",
      (r: EmailChangeRequest) => (r.proof = async () => ({ uid: UID, email: "mo@example.com", authTime: NOW / 1000, viaPassword: false })),
      "staleProof",
    ],
  ] as const) {
    test(`${label}: nothing is asked of Firebase and nothing mailed`, async () => {
      change(request);
      assert.deepEqual(await requestEmailChange(TOKEN, "mo.new@example.org", request), { notice });
      assert.deepEqual([asked, sent, await outbox()], [[], 0, []]);
    });
  }

  test("a bad or an unchanged address is said, and nothing mailed", async () => {
    for (const bad of ["not an address", "", 42, `${"m".repeat(250)}@example.org`]) {
      assert.deepEqual(await requestEmailChange(TOKEN, bad, request), { notice: "invalidEmail" });
    }
    assert.deepEqual(await requestEmailChange(TOKEN, "MO@example.com", request), { notice: "sameAddress" });
    assert.deepEqual([asked, sent, await outbox()], [[], 0, []]);
  });

  test("over the client's or the new address's limit, Firebase is not asked", async () => {
    request.clientLimited = async () => (asked.push("client"), true);
    assert.deepEqual(await requestEmailChange(TOKEN, "mo.new@example.org", request), { notice: "limited" });
    request.clientLimited = async () => false;
    request.recipientLimited = async () => true;
    assert.deepEqual(await requestEmailChange(TOKEN, "mo.new@example.org", request), { notice: "limited" });
    assert.deepEqual([asked, sent, await outbox()], [["client"], 0, []]);
  });

  test("an address another account has is answered alike, and nothing is mailed to anyone", async () => {
    request.code = async () => "taken";
    assert.deepEqual(await requestEmailChange(TOKEN, "taken@example.org", request), { notice: "sent" });
    assert.deepEqual([sent, await outbox()], [0, []]);
  });

  test("Firebase, the store or the session not answering is 'try again'; a programming error anywhere is thrown", async () => {
    const down = { notice: "unavailable" };
    assert.deepEqual(
      await requestEmailChange(TOKEN, "mo.new@example.org", {
        ...request,
        code: async () => {
          throw new FirebaseAuthTimeout();
        },
      }),
      down,
    );
    const outage = new StoreError("unavailable", "down");
    const failing = async () => {
      throw outage;
    };
    assert.deepEqual(await requestEmailChange(TOKEN, "mo.new@example.org", { ...request, user: failing }), down);
    assert.deepEqual(
      await requestEmailChange(TOKEN, "mo.new@example.org", {
        ...request,
        proof: async () => {
          throw new FirebaseAuthTimeout();
        },
      }),
      down,
    );
    assert.deepEqual(await requestEmailChange(TOKEN, "mo.new@example.org", { ...request, store: failing }), down);
    assert.deepEqual([sent, await outbox()], [0, []]);
    const bug = async () => {
      throw new TypeError("a bug");
    };
    for (const part of ["user", "proof", "code", "store"] as const) {
      await assert.rejects(requestEmailChange(TOKEN, "mo.new@example.org", { ...request, [part]: bug }), TypeError, part);
    }
  });
});
