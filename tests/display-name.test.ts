/**
 * Changing a signed-in shopper's display name (lib/account/display-name.ts),
 * issue 43 item 3, against a real SQLite store, with Firebase Auth and the
 * session cookie as stand-in functions (the e2e spec account.spec.ts asks
 * the Auth emulator and reads the cookie back): a bad name or a signed-out
 * visitor changes nothing anywhere; an outage says "try again" and logs it;
 * saved, Firebase, the store's profile and this browser's session all carry
 * the trimmed name.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { changeDisplayName, type DisplayNameChange } from "@/lib/account/display-name";
import { DISPLAY_NAME_MESSAGES, displayNameMessage, displayNameStateOf } from "@/lib/account/display-name-state";
import { FirebaseAuthTimeout } from "@/lib/auth/firebase-auth-call";
import { StoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";

const dir = mkdtempSync(join(tmpdir(), "display-name-"));
const UID = "uid-nora";

describe("changing a display name", () => {
  let store: Store;
  let firebaseNames: string[];
  let sessionNames: string[];
  let change: DisplayNameChange;

  before(() => {
    store = openSqliteStore(join(dir, "store.db"));
  });
  beforeEach(async () => {
    firebaseNames = [];
    sessionNames = [];
    await store.updateUserProfile(UID, { displayName: "Nora", email: "nora@example.com" });
    change = {
      user: async () => ({ uid: UID, email: "nora@example.com" }),
      setAuthName: async (_uid, name) => {
        firebaseNames.push(name);
        return "nora@example.org";
      },
      store: async () => store,
      renameSession: async (_uid, name) => {
        sessionNames.push(name);
      },
    };
  });
  after(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const nothingChanged = async () => {
    assert.deepEqual(firebaseNames, []);
    assert.deepEqual(sessionNames, []);
    assert.equal((await store.getUser(UID))?.displayName, "Nora");
  };

  test("saves the trimmed name in Firebase, the store's profile (with Firebase's address) and the session", async () => {
    const state = await changeDisplayName("  Nora Newname ", change);
    assert.deepEqual(state, { notice: "saved", name: "Nora Newname" });
    assert.equal(displayNameMessage(state), DISPLAY_NAME_MESSAGES.saved);
    assert.deepEqual(firebaseNames, ["Nora Newname"]);
    assert.deepEqual(sessionNames, ["Nora Newname"]);
    const profile = await store.getUser(UID);
    assert.equal(profile?.displayName, "Nora Newname");
    assert.equal(profile?.email, "nora@example.org");
  });

  for (const [label, value, notice] of [
    ["blank", "   ", "blank"],
    ["too long", "x".repeat(81), "tooLong"],
    ["two-line", "Nora\nNew", "notOneLine"],
    ["missing", 42, "blank"],
  ] as const) {
    test(`refuses a ${label} name and changes nothing`, async () => {
      const state = await changeDisplayName(value, change);
      assert.deepEqual(state, { notice, typed: typeof value === "string" ? value : "" });
      await nothingChanged();
    });
  }

  test("an 80-character name is saved; the answers' codes read back, and nothing else does", async () => {
    assert.deepEqual(await changeDisplayName("y".repeat(80), change), { notice: "saved", name: "y".repeat(80) });
    for (const notice of Object.keys(DISPLAY_NAME_MESSAGES)) assert.deepEqual(displayNameStateOf(notice), { notice });
    for (const code of ["", "toString", "__proto__", ["saved"], undefined]) assert.equal(displayNameStateOf(code), null);
  });

  test("signed out, or the account gone from Firebase: asks to sign in and changes nothing", async () => {
    assert.deepEqual(await changeDisplayName("Mallory", { ...change, user: async () => null }), { notice: "signedOut" });
    const gone = Object.assign(new Error("no user"), { code: "auth/user-not-found" });
    const state = await changeDisplayName("Mallory", {
      ...change,
      setAuthName: async () => {
        throw gone;
      },
    });
    assert.deepEqual(state, { notice: "signedOut" });
    await nothingChanged();
  });

  test("a session, Firebase or store outage is 'try again', and nothing is half-said to the session", async () => {
    const unavailable = { notice: "unavailable" };
    const outage = new StoreError("unavailable", "down");
    assert.deepEqual(
      await changeDisplayName("Nora B", {
        ...change,
        user: async () => {
          throw outage;
        },
      }),
      unavailable,
    );
    assert.deepEqual(
      await changeDisplayName("Nora B", {
        ...change,
        setAuthName: async () => {
          throw new FirebaseAuthTimeout();
        },
      }),
      unavailable,
    );
    await nothingChanged();
    const storeDown = await changeDisplayName("Nora B", {
      ...change,
      store: async () => ({
        updateUserProfile: async () => {
          throw outage;
        },
      }),
    });
    assert.deepEqual(storeDown, unavailable);
    // Firebase took it; trying again writes it everywhere. The session was not renamed.
    assert.deepEqual(sessionNames, []);
  });

  test("a programming error is thrown, never answered as an outage, wherever it happens", async () => {
    const bug = async () => {
      throw new TypeError("a bug");
    };
    await assert.rejects(changeDisplayName("Nora C", { ...change, user: bug }), TypeError);
    await assert.rejects(changeDisplayName("Nora C", { ...change, setAuthName: bug }), TypeError);
    await assert.rejects(changeDisplayName("Nora C", { ...change, store: async () => ({ updateUserProfile: bug }) }), TypeError);
    await assert.rejects(changeDisplayName("Nora C", { ...change, renameSession: bug }), TypeError);
  });
});
