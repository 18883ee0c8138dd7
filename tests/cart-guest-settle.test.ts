/**
 * A signed-in shopper whose guest lines were not merged at sign-in (the
 * merge failed, or a line landed after it): the next cart action or cart read
 * merges them (lib/cart/owner.ts settleGuestCart), and the guest cookie goes
 * only once the guest cart is found empty. On a real SQLite store.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, beforeEach, describe, it } from "node:test";
import { settleGuestCart } from "@/lib/cart/owner";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { product } from "./helpers/fixtures";
import { captureLogLines } from "@/lib/log/sink";

const dir = mkdtempSync(join(tmpdir(), "guest-settle-"));
let n = 0;
const GUEST_ID = "0b5d1f2e-8c4a-4d6b-9e1f-2a3b4c5d6e7f";
const GUEST = `guest:${GUEST_ID}` as const;
const USER = "user:shopper-1" as const;
const JUST_SIGNED_IN = { owner: USER, sessionAgeSeconds: 5 };
const LATER = { owner: USER, sessionAgeSeconds: 120 };

function jar() {
  const state = { id: GUEST_ID as string | undefined, cleared: 0, notices: [] as string[] };
  return {
    state,
    cookie: {
      guestId: () => state.id,
      clearGuestId: () => {
        state.cleared += 1;
        state.id = undefined;
      },
      noteLeftOut: (message: string) => void state.notices.push(message),
    },
  };
}

describe("a leftover guest cart after sign-in", () => {
  let store: Store;
  beforeEach(async () => {
    // A clock a millisecond further on each read: lines added one after the other are never added at the same time.
    let now = Date.now();
    store = openSqliteStore(join(dir, `settle-${++n}.db`), { cartClock: () => ++now });
    await store.upsertProducts([product("p1", 2), product("p2", 1)]);
  });
  afterEach(() => store.close());
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("is merged by the next cart request; the cookie goes once the cart is empty and the sign-in a minute old", async () => {
    await store.addToLine(USER, "p1");
    await store.addToLine(GUEST, "p1");
    await store.addToLine(GUEST, "p2");
    const { state, cookie } = jar();
    await settleGuestCart(cookie, JUST_SIGNED_IN, store);
    assert.deepEqual(
      (await store.listCart(USER)).map((l) => [l.productId, l.quantity]),
      [
        ["p1", 2],
        ["p2", 1],
      ],
    );
    await settleGuestCart(cookie, JUST_SIGNED_IN, store);
    assert.equal(state.cleared, 0, "kept just after sign-in, even empty: an add sent before it may still land");
    // A line lands in the guest cart after the merge (a request sent before the session existed).
    await store.addToLine(GUEST, "p2");
    await settleGuestCart(cookie, JUST_SIGNED_IN, store);
    assert.deepEqual(
      (await store.listCart(USER)).map((l) => [l.productId, l.quantity]),
      [
        ["p1", 2],
        ["p2", 2],
      ],
    );
    await settleGuestCart(cookie, LATER, store);
    assert.equal(state.cleared, 1, "dropped once the guest cart is empty and the sign-in is a minute old");
    assert.deepEqual(await store.listCart(GUEST), []);
    assert.deepEqual(state.notices, [], "everything fitted: nothing to tell");
  });

  it("a leftover guest line that lands in a full cart is named to the shopper once, in words (issue 38, item 21)", async () => {
    const full = Array.from({ length: LIMITS.cartLinesMax }, (_, i) => product(`full-${i}`, 10 + i));
    await store.upsertProducts([
      ...full,
      product("late-1", 500, "Book", { name: "Late Lamp" }),
      product("late-2", 501, "Book", { name: "Late Mug" }),
    ]);
    for (const line of full) await store.addToLine(USER, line.id);
    await store.addToLine(GUEST, "late-1");
    await store.addToLine(GUEST, "late-2");
    const { state, cookie } = jar();
    const logged = captureLogLines();
    try {
      await settleGuestCart(cookie, LATER, store);
    } finally {
      logged.restore();
    }
    assert.deepEqual(state.notices, [
      `Your cart holds at most ${LIMITS.cartLinesMax} different products: 2 products from before you signed in could not be added (“Late Mug” and “Late Lamp”). Your account's cart and your newest picks were kept.`,
    ]);
    assert.equal((await store.listCart(USER)).length, LIMITS.cartLinesMax);
    assert.deepEqual(await store.listCart(GUEST), [], "the guest cart is emptied: it is said once, never again");
    assert.deepEqual(
      logged.lines.map((line) => [line.kind, line.dropped]),
      [["cart.merge_lines_left_out", 2]],
    );
    await settleGuestCart(cookie, LATER, store);
    assert.equal(state.notices.length, 1, "a later request has nothing to say");
  });

  it("a merge that fails is logged, changes nothing and keeps the cookie for the next try", async () => {
    await store.addToLine(GUEST, "p1");
    const { state, cookie } = jar();
    const failing = { hasCart: store.hasCart, mergeCarts: async () => Promise.reject(new Error("store down")) };
    const logged = captureLogLines();
    try {
      await settleGuestCart(cookie, LATER, failing);
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => line.kind),
      ["cart.merge_failed"],
    );
    assert.equal(state.cleared, 0);
    assert.deepEqual(
      (await store.listCart(GUEST)).map((l) => l.productId),
      ["p1"],
    );
    await settleGuestCart(cookie, LATER, store);
    assert.deepEqual(
      (await store.listCart(USER)).map((l) => l.productId),
      ["p1"],
    );
  });

  it("a request without a guest cookie reads nothing more", async () => {
    const reads: string[] = [];
    const watched = {
      hasCart: async () => (reads.push("hasCart"), false),
      mergeCarts: async () => (reads.push("merge"), { items: [], dropped: [] }),
    };
    const cookie = {
      guestId: () => undefined,
      clearGuestId: () => assert.fail("no cookie to clear"),
      noteLeftOut: () => assert.fail("nothing to say"),
    };
    await settleGuestCart(cookie, LATER, watched);
    assert.deepEqual(reads, []);
  });
});
