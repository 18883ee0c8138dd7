/**
 * Asking for a link that verifies an account's address
 * (lib/account/email-verification.ts), issue 43 item 2, against a real SQLite
 * store, with Firebase Auth's answers made by stand-in functions (the e2e spec
 * email-verification.spec.ts asks the Auth emulator): the email carries the
 * code to the shop's own page; signed out, verified already or over a limit,
 * nothing is written; an outage says so and writes nothing. And the answer's
 * codes that carry it through a redirect without JavaScript.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { requestVerificationMail, type VerificationMailRequest } from "@/lib/account/email-verification";
import { VERIFICATION_MAIL_MESSAGES, verificationMailMessage, verificationMailStateOf } from "@/lib/account/email-verification-state";
import { StoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";

const dir = mkdtempSync(join(tmpdir(), "email-verification-"));
const UID = "uid-vera";
const ADDRESS = "Vera.Verify@Example.com";
const CODE = "oob-VERIFY_123-abc";

describe("asking for a verification email", () => {
  let store: Store;
  let asked: string[];
  let sent: number;
  let request: VerificationMailRequest;

  /** Every email in the outbox, claimed far ahead so nothing is left out. */
  const outbox = async () => store.claimDueEmails(Date.now() + 365 * 24 * 3600 * 1000, 100, 1000);

  before(() => {
    store = openSqliteStore(join(dir, "store.db"));
  });
  beforeEach(() => {
    asked = [];
    sent = 0;
    request = {
      uid: async () => UID,
      clientLimited: async () => (asked.push("client"), false),
      recipientLimited: async (email) => (asked.push(`recipient ${email}`), false),
      code: async (uid) => (asked.push(`code ${uid}`), { kind: "code", email: ADDRESS, code: CODE }),
      store: async () => store,
      afterSent: () => void (sent += 1),
    };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the signed-in account's address gets an email linking to the shop's own page with Firebase's code, sent after the response", async () => {
    assert.deepEqual(await requestVerificationMail(request), { notice: "sent" });
    assert.deepEqual([asked, sent], [["client", `code ${UID}`, `recipient ${ADDRESS}`], 1]);
    const [mail, ...rest] = await outbox();
    assert.deepEqual(rest, []);
    assert.deepEqual([mail.to, mail.orderId, mail.subject], [ADDRESS, null, "Verify your email address for Storefront"]);
    assert.match(mail.text, new RegExp(`^https?://[^/\\s]+/verify-email\\?code=${CODE}$`, "m"));
    assert.match(mail.text, /Orders you placed as a guest with this address then join your account\./);
  });

  test("signed out: nothing is asked of Firebase and nothing written", async () => {
    request.uid = async () => null;
    assert.deepEqual(await requestVerificationMail(request), { notice: "signedOut" });
    assert.deepEqual([asked, sent, await outbox()], [[], 0, []]);
  });

  test("an address already verified, or none to verify, gets no email", async () => {
    request.code = async () => ({ kind: "verified" });
    assert.deepEqual(await requestVerificationMail(request), { notice: "verified" });
    request.code = async () => ({ kind: "no-address" });
    assert.deepEqual(await requestVerificationMail(request), { notice: "noAddress" });
    assert.deepEqual([sent, await outbox()], [0, []]);
  });

  test("over the client's limit Firebase is not asked; over the address's, no email is written", async () => {
    request.clientLimited = async () => (asked.push("client"), true);
    assert.deepEqual(await requestVerificationMail(request), { notice: "limited" });
    assert.deepEqual(asked, ["client"]);
    request.clientLimited = async () => false;
    request.recipientLimited = async () => true;
    assert.deepEqual(await requestVerificationMail(request), { notice: "limited" });
    assert.deepEqual([sent, await outbox()], [0, []]);
  });

  test("Firebase Auth, the session or the store not answering says so and writes nothing; another error is not hidden", async () => {
    request.code = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    assert.deepEqual(await requestVerificationMail(request), { notice: "unavailable" });
    request.code = async () => ({ kind: "code", email: ADDRESS, code: CODE });
    request.uid = async () => {
      throw new StoreError("unavailable", "the session store is down");
    };
    assert.deepEqual(await requestVerificationMail(request), { notice: "unavailable" });
    request.uid = async () => UID;
    request.store = async () => ({
      queueEmail: async () => {
        throw new StoreError("unavailable", "the outbox is down");
      },
    });
    assert.deepEqual(await requestVerificationMail(request), { notice: "unavailable" });
    request.store = async () => ({
      queueEmail: async () => {
        throw new TypeError("a bug");
      },
    });
    await assert.rejects(requestVerificationMail(request), TypeError);
    assert.deepEqual([sent, await outbox()], [0, []]);
  });
});

describe("a verification answer's code after a post without JavaScript", () => {
  test("every answer survives the redirect's code, and nothing else is read as one", () => {
    for (const notice of Object.keys(VERIFICATION_MAIL_MESSAGES)) {
      const state = verificationMailStateOf(notice);
      assert.ok(state, notice);
      assert.equal(verificationMailMessage(state), VERIFICATION_MAIL_MESSAGES[notice as keyof typeof VERIFICATION_MAIL_MESSAGES]);
    }
    for (const junk of [undefined, "", "toString", "__proto__", ["sent"], "SENT"]) assert.equal(verificationMailStateOf(junk), null);
  });
});
