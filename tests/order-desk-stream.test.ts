/**
 * The order desk's live stream (lib/live/order-desk-stream.ts) with a fake
 * feed, and who may open it (lib/admin/stream-guard.ts): the feed is
 * subscribed before the orders since the page are read, both reach the
 * desk as order ids, a read failure ends the stream for the browser to retry,
 * and leaving releases the subscription and the stream's slot once.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Caller } from "@/lib/admin/guard";
import { refuseStreamCaller, STREAM_REFUSALS } from "@/lib/admin/stream-guard";
import { parseOrderIds } from "@/lib/live/order-desk-protocol";
import { orderDeskStream } from "@/lib/live/order-desk-stream";

function fakeFeed() {
  const state = { subscribed: 0, unsubscribed: 0, onPlaced: null as ((ids: string[]) => void) | null };
  return {
    state,
    watch(onPlaced: (ids: string[]) => void) {
      state.subscribed++;
      state.onPlaced = onPlaced;
      return () => {
        state.unsubscribed++;
        state.onPlaced = null;
      };
    },
  };
}

/** Reads the stream's events as they come: `next()` resolves with the next named event. */
function eventsOf(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; ids: string[] | null } | null> {
      for (;;) {
        const match = /event: (\w+)\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return { event: match[1], ids: parseOrderIds(match[2]) };
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}

describe("the order desk's stream", () => {
  it("subscribes first, then sends the orders since the page in `ready` and each new order as it comes", async () => {
    const feed = fakeFeed();
    let subscribedBeforeRead = false;
    let ends = 0;
    const controller = new AbortController();
    const stream = orderDeskStream({
      watch: (onPlaced) => feed.watch(onPlaced),
      placedSincePage: async () => {
        subscribedBeforeRead = feed.state.subscribed === 1;
        return ["o-1", "o-2"];
      },
      signal: controller.signal,
      onEnd: () => ends++,
    });
    const events = eventsOf(stream);
    assert.deepEqual(await events.next(), { event: "ready", ids: ["o-1", "o-2"] });
    assert.equal(subscribedBeforeRead, true, "an order placed during the read is heard by the feed");
    feed.state.onPlaced!(["o-3"]);
    assert.deepEqual(await events.next(), { event: "orders", ids: ["o-3"] });
    controller.abort();
    assert.equal(await events.next(), null, "the stream ends when the browser leaves");
    assert.deepEqual([feed.state.unsubscribed, ends], [1, 1]);
  });

  it("ends (for the browser to retry) when the orders since the page cannot be read", async () => {
    const feed = fakeFeed();
    const errors: string[] = [];
    let ends = 0;
    const stream = orderDeskStream({
      watch: (onPlaced) => feed.watch(onPlaced),
      placedSincePage: async () => {
        throw new Error("store down");
      },
      signal: new AbortController().signal,
      onError: (message) => errors.push(message),
      onEnd: () => ends++,
    });
    assert.equal(await eventsOf(stream).next(), null);
    assert.deepEqual([feed.state.unsubscribed, ends, errors.length], [1, 1, 1]);
  });

  it("opens nothing for a browser that already left", async () => {
    const feed = fakeFeed();
    let ends = 0;
    const controller = new AbortController();
    controller.abort();
    const stream = orderDeskStream({
      watch: (f) => feed.watch(f),
      placedSincePage: async () => [],
      signal: controller.signal,
      onEnd: () => ends++,
    });
    assert.equal(await eventsOf(stream).next(), null);
    assert.deepEqual([feed.state.subscribed, ends], [0, 1]);
  });
});

describe("who may open the order desk's stream", () => {
  const caller = (user: Caller["user"], origin: string | null = null): Caller => ({
    origin,
    host: "shop.example.com",
    forwardedHost: null,
    user,
  });
  const admin = { isAdmin: true, uid: "admin-1", email: "admin@example.com" };

  it("an admin on the shop's own page (no Origin, or its own)", () => {
    assert.equal(refuseStreamCaller(caller(admin)), null);
    assert.equal(refuseStreamCaller(caller(admin, "https://shop.example.com")), null);
  });

  it("refuses the signed out (401), a shopper (403), another site (403); 503 when the session cannot be checked", () => {
    assert.deepEqual(refuseStreamCaller(caller(null)), { status: 401, message: STREAM_REFUSALS.signedOut });
    assert.deepEqual(refuseStreamCaller(caller({ isAdmin: false, uid: "shopper-1" })), { status: 403, message: STREAM_REFUSALS.notAdmin });
    assert.deepEqual(refuseStreamCaller(caller(admin, "https://evil.example")), { status: 403, message: STREAM_REFUSALS.crossOrigin });
    assert.deepEqual(refuseStreamCaller(caller("unavailable")), { status: 503, message: STREAM_REFUSALS.unavailable });
  });
});
