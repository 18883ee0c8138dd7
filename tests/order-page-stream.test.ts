/**
 * An open order page's live channel (lib/live/order-page-stream.ts,
 * lib/live/order-page-protocol.ts), issue 38 item 10, with a fake feed: the
 * order's revision is sent as it comes, once each; a feed that cannot
 * subscribe ends the stream for the browser to retry; leaving releases the
 * subscription and the stream's slot once.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { orderEventsPath, parseOrderRevision } from "@/lib/live/order-page-protocol";
import { orderPageStream } from "@/lib/live/order-page-stream";

function fakeFeed() {
  const state = { subscribed: 0, unsubscribed: 0, onRevision: null as ((revision: number) => void) | null };
  return {
    state,
    watch(onRevision: (revision: number) => void) {
      state.subscribed++;
      state.onRevision = onRevision;
      return () => {
        state.unsubscribed++;
        state.onRevision = null;
      };
    },
  };
}

/** Reads the stream's events as they come: `next()` resolves with the next named event, or null once it ended. */
function eventsOf(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; revision: number | null } | null> {
      for (;;) {
        const match = /event: (\w+)\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return { event: match[1], revision: parseOrderRevision(match[2]) };
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}

describe("an order page's live channel", () => {
  it("sends the order's revision as the feed gives it, each once, and releases everything once when the page leaves", async () => {
    const feed = fakeFeed();
    let ends = 0;
    const controller = new AbortController();
    const events = eventsOf(orderPageStream({ watch: (cb) => feed.watch(cb), signal: controller.signal, onEnd: () => ends++ }));
    feed.state.onRevision!(0);
    assert.deepEqual(await events.next(), { event: "order", revision: 0 });
    feed.state.onRevision!(0);
    feed.state.onRevision!(1);
    assert.deepEqual(await events.next(), { event: "order", revision: 1 }, "a repeated revision is not sent again");
    controller.abort();
    assert.equal(await events.next(), null);
    assert.deepEqual([feed.state.subscribed, feed.state.unsubscribed, ends], [1, 1, 1]);
  });

  it("ends the stream when the feed cannot follow the order, saying why once", async () => {
    const said: string[] = [];
    let ends = 0;
    const stream = orderPageStream({
      watch: () => {
        throw new Error("listener refused");
      },
      signal: new AbortController().signal,
      onError: (message) => said.push(message),
      onEnd: () => ends++,
    });
    assert.equal(await eventsOf(stream).next(), null);
    assert.deepEqual([said, ends], [["Could not follow an order for its page"], 1]);
  });

  it("names the order's stream, with a guest's token; reads only a whole revision", () => {
    assert.equal(orderEventsPath("abc", null), "/api/orders/abc/events");
    assert.equal(orderEventsPath("abc", "t0k"), "/api/orders/abc/events?token=t0k");
    assert.equal(parseOrderRevision('{"revision":3}'), 3);
    for (const bad of ['{"revision":-1}', '{"revision":1.5}', '{"revision":"2"}', "null", "{", "[]"])
      assert.equal(parseOrderRevision(bad), null, bad);
  });
});
