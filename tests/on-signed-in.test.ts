/**
 * The sign-in's steps (lib/auth/on-signed-in.ts) against a real SQLite
 * store: the guest's cart moves into the account, and guest lines that did
 * not fit under the cart's line cap are logged, never a failed sign-in; the
 * profile follows Firebase's name and address.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { onSignedIn } from "@/lib/auth/on-signed-in";
import { guestCartCookie } from "@/lib/cookies";
import { getStore } from "@/lib/data";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { product } from "./helpers/fixtures";
import { captureLogLines } from "@/lib/log/sink";

const dir = mkdtempSync(join(tmpdir(), "on-signed-in-"));
// onSignedIn opens the process's store through getStore(): a temp SQLite file.
process.env.STORE_BACKEND = "sqlite";
process.env.SQLITE_PATH = join(dir, "storefront.db");

const guestId = "0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
const guest: CartOwner = `guest:${guestId}`;
const user = { uid: "signedInUid", email: "ann@example.com", displayName: "Ann", isAdmin: false };
const account: CartOwner = `user:${user.uid}`;

describe("onSignedIn: the guest's cart", () => {
  let store: Store;
  before(async () => {
    store = await getStore();
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(`moves the guest's lines into the account and logs the ones past ${LIMITS.cartLinesMax} lines`, async () => {
    const ids = Array.from({ length: LIMITS.cartLinesMax + 3 }, (_, i) => `signed-${i}`);
    await store.upsertProducts(ids.map((id, i) => product(id, i + 1)));
    for (const id of ids.slice(0, LIMITS.cartLinesMax - 1)) await store.addToLine(account, id);
    // One guest line a minute, so "the oldest stay out" is a fact of their order.
    for (const id of ids.slice(LIMITS.cartLinesMax - 1)) {
      await store.addToLine(guest, id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const logged = captureLogLines();
    let outcome;
    try {
      outcome = await onSignedIn(user, `other=1; ${guestCartCookie().name}=${guestId}`);
    } finally {
      logged.restore();
    }
    const names = await Promise.all(
      ids.slice(LIMITS.cartLinesMax - 1, LIMITS.cartLinesMax + 2).map(async (id) => (await store.getProduct(id))!.name),
    );
    assert.deepEqual(
      outcome,
      {
        leftOut:
          `Your cart holds at most ${LIMITS.cartLinesMax} different products: 3 products from before you signed in could not be added ` +
          `(${names
            .map((name) => `“${name}”`)
            .reverse()
            .join(", ")
            .replace(/, ([^,]*)$/, " and $1")}). Your account's cart and your newest picks were kept.`,
      },
      "which products, in words, for the shopper",
    );
    assert.equal((await store.listCart(account)).length, LIMITS.cartLinesMax);
    assert.deepEqual(await store.listCart(guest), []);
    assert.equal(logged.lines.length, 1);
    assert.deepEqual([logged.lines[0].kind, logged.lines[0].dropped], ["auth.merge_lines_left_out", 3]);
    assert.doesNotMatch(
      JSON.stringify(logged.lines[0]),
      new RegExp(`${user.uid}|${guestId}|@`),
      "no account, cookie or address in the line",
    );
    assert.equal((await store.getUser(user.uid))?.email, user.email);
  });

  test("brings the profile up to Firebase's name and address, keeping when it was made; an unchanged one is not written", async () => {
    const { user: made } = await store.createUserIfMissing("movedUid", { displayName: "Mo", email: "mo@example.com" });
    const moved = { uid: "movedUid", email: "mo@example.org", displayName: "Mo Moved", isAdmin: false };
    await onSignedIn(moved, undefined);
    assert.deepEqual(await store.getUser("movedUid"), { ...made, email: "mo@example.org", displayName: "Mo Moved" });
    let writes = 0;
    const updateUserProfile = store.updateUserProfile;
    store.updateUserProfile = async (...args) => {
      writes += 1;
      return updateUserProfile(...args);
    };
    try {
      await onSignedIn(moved, undefined);
    } finally {
      store.updateUserProfile = updateUserProfile;
    }
    assert.equal(writes, 0);
  });
});
