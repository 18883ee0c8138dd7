/**
 * The live protocol (lib/live/protocol.ts) and the cart snapshot it carries
 * (lib/cart/cart-snapshot.ts): a snapshot as the stream's `cart` event and
 * GET /api/cart send it is read back whole; anything else is dropped (null)
 * instead of reaching the cart state.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseCartSnapshot, type CartSnapshot } from "@/lib/cart/cart-snapshot";
import { LIVE_EVENT, OWNER_CHANGED, sessionNowOf } from "@/lib/live/protocol";
import { sseEvent } from "@/lib/live/sse";

describe("live protocol", () => {
  it("reads back the snapshot a cart event carries", () => {
    const snapshot: CartSnapshot = {
      items: [
        { id: "p1", name: "Lamp", priceCents: 3999, image: "/products/lamp.webp", cartQuantity: 2, available: true, addedPriceCents: 3999 },
      ],
      hasOwner: true,
    };
    const framed = new TextDecoder().decode(sseEvent(LIVE_EVENT.cart, snapshot));
    const data = /^event: cart\ndata: (.*)\n\n$/.exec(framed)?.[1] ?? "";
    assert.deepEqual(parseCartSnapshot(data), snapshot);
  });

  it("drops what is not a snapshot", () => {
    for (const text of [
      "",
      "not json",
      "null",
      "[]",
      "{}",
      '{"items":[]}',
      '{"items":{},"hasOwner":true}',
      '{"items":[],"hasOwner":"yes"}',
    ]) {
      assert.equal(parseCartSnapshot(text), null, text);
    }
  });

  it("names each event after itself", () => {
    assert.deepEqual(
      Object.entries(LIVE_EVENT).filter(([key, name]) => key !== name),
      [],
    );
  });

  it("reads a tab's announced session back, and nothing else as one", () => {
    const signedIn = { account: { uid: "u1", name: "Ada Lovelace" } };
    assert.deepEqual(sessionNowOf(structuredClone(signedIn)), signedIn);
    assert.deepEqual(sessionNowOf({ account: null }), { account: null });
    for (const other of [
      OWNER_CHANGED,
      undefined,
      null,
      {},
      { account: "u1" },
      { account: { uid: "u1" } },
      { account: { uid: "", name: "A" } },
    ]) {
      assert.equal(sessionNowOf(other), null, JSON.stringify(other));
    }
  });
});
