/**
 * A cart change from a tab that shows another owner than its session
 * (issue 26, item 6): the pure comparison (lib/cart/session-guard.ts), the
 * strict parse of the page's expectation (lib/cart/parse-input.ts), the owner
 * lookup that refuses before issuing a guest cookie (lib/cart/owner.ts), and
 * the add, quantity and delete paths (lib/cart/request-cart.ts) against a real
 * SQLite store: refused with their own code and message, nothing written to
 * any cart. The tabs themselves are tests/e2e/tabs.spec.ts.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { cartOwnerOf, type OwnerRequest } from "@/lib/cart/owner";
import { parseExpectedOwner } from "@/lib/cart/parse-input";
import {
  addToRequestCart,
  removeFromRequestCart,
  restoreToRequestCart,
  setRequestCartQuantity,
  type CartRequest,
} from "@/lib/cart/request-cart";
import { CART_MESSAGES, cartFailure, failureFromError } from "@/lib/cart/results";
import {
  EXPECTED_OWNER_FIELD,
  expectedOwnerFor,
  isOwnerMismatchError,
  isSessionRefusal,
  OwnerMismatchError,
  sessionRefusal,
} from "@/lib/cart/session-guard";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { product, productsOf } from "./helpers/fixtures";

const GUEST_ID = "0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab";
const guest: CartOwner = `guest:${GUEST_ID}`;

/** A request with this signed-in uid (or none) and guest cookie, recording the guest cookies it issues. */
function requestOf(uid: string | null, guestCookie?: string) {
  const issued: string[] = [];
  const request: OwnerRequest = {
    user: async () => (uid ? { uid, name: "Ada", email: "ada@example.com", isAdmin: false, signedInAt: 0 } : null),
    guestId: () => guestCookie,
    setGuestId: (id) => void issued.push(id),
  };
  return { request, issued };
}

describe("session guard (pure)", () => {
  test("a page names the account it shows, or a guest", () => {
    assert.equal(expectedOwnerFor("uid-1"), "user:uid-1");
    assert.equal(expectedOwnerFor(null), "guest");
  });

  test("the expectation holds only for the same owner; a mismatch says which way it changed", () => {
    assert.equal(sessionRefusal(undefined, null), null, "nothing expected: not checked");
    assert.equal(sessionRefusal(undefined, "uid-1"), null, "nothing expected: not checked");
    assert.equal(sessionRefusal("guest", null), null);
    assert.equal(sessionRefusal("user:uid-1", "uid-1"), null);
    assert.equal(sessionRefusal("user:uid-1", null), "signed_out", "signed out in another tab");
    assert.equal(sessionRefusal("user:uid-1", "uid-2"), "session_changed", "another account signed in");
    assert.equal(sessionRefusal("guest", "uid-1"), "session_changed", "signed in in another tab");
  });

  test("only the two refusals ask the tab to follow the session", () => {
    assert.ok(isSessionRefusal("signed_out") && isSessionRefusal("session_changed"));
    for (const code of ["unavailable", "invalid_input", "cart_full", undefined]) assert.equal(isSessionRefusal(code), false, String(code));
  });

  test("a mismatch thrown by the owner lookup becomes its refusal with its message, never unavailable", () => {
    assert.deepEqual(failureFromError(new OwnerMismatchError("signed_out")), {
      ok: false,
      code: "signed_out",
      error: CART_MESSAGES.signed_out,
    });
    assert.deepEqual(failureFromError(new OwnerMismatchError("session_changed")), cartFailure("session_changed"));
    assert.match(CART_MESSAGES.signed_out, /signed out in another tab/);
    assert.match(CART_MESSAGES.session_changed, /sign-in changed in another tab/);
  });

  test("parseExpectedOwner takes nothing, guest or user:<uid> only", () => {
    for (const value of [undefined, "guest", "user:abc", "user:AbC_-09", `user:${"u".repeat(128)}`]) {
      assert.deepEqual(parseExpectedOwner(value), { ok: true, expected: value }, String(value));
    }
    const refused: unknown[] = [
      null,
      "",
      "Guest",
      "guest ",
      `guest:${GUEST_ID}`,
      "user:",
      "user:a b",
      "user:a/b",
      `user:${"u".repeat(129)}`,
      "admin",
      42,
      true,
      {},
      ["guest"],
      { toString: () => "guest" },
      "x".repeat(100_000),
    ];
    for (const value of refused) assert.deepEqual(parseExpectedOwner(value), cartFailure("invalid_input"), String(value));
  });

  test("a form post's FormData carries no expectation, or one in its field, parsed the same", () => {
    const form = (value?: string | Blob) => {
      const data = new FormData();
      data.set("productId", "desk-lamp");
      if (value !== undefined) data.set(EXPECTED_OWNER_FIELD, value);
      return data;
    };
    assert.deepEqual(parseExpectedOwner(form()), { ok: true, expected: undefined }, "a form without the field: no check");
    assert.deepEqual(parseExpectedOwner(form("guest")), { ok: true, expected: "guest" });
    assert.deepEqual(parseExpectedOwner(form("user:uid-1")), { ok: true, expected: "user:uid-1" });
    for (const bad of ["", "user:a b", `guest:${GUEST_ID}`, new Blob(["guest"])]) {
      assert.deepEqual(parseExpectedOwner(form(bad)), cartFailure("invalid_input"), String(bad));
    }
  });
});

describe("owner lookup with an expectation", () => {
  test("a page that still shows an account gets signed_out, and no guest cookie is issued", async () => {
    for (const cookie of [undefined, GUEST_ID]) {
      const { request, issued } = requestOf(null, cookie);
      await assert.rejects(
        cartOwnerOf(request, { create: true, expected: "user:uid-1" }),
        (error) => isOwnerMismatchError(error) && error.code === "signed_out",
      );
      assert.deepEqual(issued, []);
    }
  });

  test("a page that shows a guest or another account gets session_changed", async () => {
    await assert.rejects(
      cartOwnerOf(requestOf("uid-2").request, { create: true, expected: "user:uid-1" }),
      (error) => isOwnerMismatchError(error) && error.code === "session_changed",
    );
    await assert.rejects(
      cartOwnerOf(requestOf("uid-1").request, { create: true, expected: "guest" }),
      (error) => isOwnerMismatchError(error) && error.code === "session_changed",
    );
  });

  test("a matching or absent expectation decides the owner as before", async () => {
    assert.equal(await cartOwnerOf(requestOf("uid-1").request, { create: true, expected: "user:uid-1" }), "user:uid-1");
    assert.equal(await cartOwnerOf(requestOf(null, GUEST_ID).request, { create: false, expected: "guest" }), guest);
    assert.equal(await cartOwnerOf(requestOf(null).request, { create: false, expected: "guest" }), null);
    const fresh = requestOf(null);
    const owner = await cartOwnerOf(fresh.request, { create: true, expected: "guest" });
    assert.equal(owner, `guest:${fresh.issued[0]}`);
    assert.equal(await cartOwnerOf(requestOf(null).request, { create: false }), null);
  });
});

describe("cart changes from a tab whose session changed (SQLite)", () => {
  const dir = mkdtempSync(join(tmpdir(), "session-guard-"));
  let store: Store;
  let lamp: Product;

  before(async () => {
    store = await openSqliteStore(join(dir, "cart.db"));
    lamp = product("desk-lamp", 2, "Electronics", { priceCents: 3999 });
    await store.upsertProducts([lamp]);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The request path with this session and guest cookie. */
  function cartRequestOf(uid: string | null, guestCookie?: string): { cart: CartRequest; issued: string[] } {
    const { request, issued } = requestOf(uid, guestCookie);
    return { cart: { owner: (options) => cartOwnerOf(request, options), store: async () => store, products: productsOf(store) }, issued };
  }

  test("an add from a tab still showing the account, after its sign-out, is refused: no guest cart, no cookie", async () => {
    const { cart, issued } = cartRequestOf(null);
    assert.deepEqual(await addToRequestCart(cart, lamp.id, "user:uid-1"), cartFailure("signed_out"));
    assert.deepEqual(issued, [], "no guest cart cookie");
    const withCookie = cartRequestOf(null, GUEST_ID);
    assert.deepEqual(await addToRequestCart(withCookie.cart, lamp.id, "user:uid-1"), cartFailure("signed_out"));
    assert.equal(await store.hasCart(guest), false, "the guest cart stays absent");
  });

  test("an add from a tab showing a guest, after a sign-in elsewhere, is refused and the account's cart is untouched", async () => {
    const { cart } = cartRequestOf("uid-1", GUEST_ID);
    assert.deepEqual(await addToRequestCart(cart, lamp.id, "guest"), cartFailure("session_changed"));
    assert.equal(await store.hasCart("user:uid-1"), false);
  });

  test("quantity, delete and a delete's undo are refused the same way and change nothing", async () => {
    await store.addToLine("user:uid-1", lamp.id, 2);
    await store.addToLine(guest, lamp.id, 1);
    const account = cartRequestOf("uid-2");
    assert.deepEqual(await setRequestCartQuantity(account.cart, lamp.id, 5, "user:uid-1"), cartFailure("session_changed"));
    assert.deepEqual(await removeFromRequestCart(account.cart, lamp.id, "user:uid-1"), cartFailure("session_changed"));
    const signedOut = cartRequestOf(null, GUEST_ID);
    assert.deepEqual(await setRequestCartQuantity(signedOut.cart, lamp.id, 5, "user:uid-1"), cartFailure("signed_out"));
    assert.deepEqual(await removeFromRequestCart(signedOut.cart, lamp.id, "user:uid-1"), cartFailure("signed_out"));
    assert.deepEqual(
      await restoreToRequestCart(signedOut.cart, lamp.id, 3, "user:uid-1"),
      cartFailure("signed_out"),
      "a Delete's undo too",
    );
    assert.deepEqual(
      (await store.listCart("user:uid-1")).map((line) => line.quantity),
      [2],
    );
    assert.deepEqual(
      (await store.listCart(guest)).map((line) => line.quantity),
      [1],
    );
  });

  test("a bad expectation is refused before the owner is decided; a matching or absent one adds as before", async () => {
    const { cart, issued } = cartRequestOf(null);
    assert.deepEqual(await addToRequestCart(cart, lamp.id, { uid: "uid-1" }), cartFailure("invalid_input"));
    assert.deepEqual(issued, []);
    const matching = await addToRequestCart(cartRequestOf("uid-1").cart, lamp.id, "user:uid-1");
    assert.ok(matching.ok && matching.item.cartQuantity === 3);
    const unchecked = await addToRequestCart(cartRequestOf("uid-1").cart, lamp.id);
    assert.ok(unchecked.ok && unchecked.item.cartQuantity === 4);
  });

  test("a form bound to the add passes its FormData: checked by its field when present, else not", async () => {
    const bound = new FormData();
    assert.ok((await addToRequestCart(cartRequestOf("uid-1").cart, lamp.id, bound)).ok, "no field: no check");
    bound.set(EXPECTED_OWNER_FIELD, "user:uid-1");
    const { cart, issued } = cartRequestOf(null);
    assert.deepEqual(await addToRequestCart(cart, lamp.id, bound), cartFailure("signed_out"));
    assert.deepEqual(issued, []);
  });
});
