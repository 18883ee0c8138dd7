/**
 * One Server-Sent Events stream's life (lib/live/sse-stream.ts), whatever it
 * carries: the retry delay first, then the body's events; however it ends
 * (the browser leaving before or after it opened, the body ending it, the
 * body throwing, the reader cancelling), onEnd runs once and every release
 * the body registered runs once.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sseStream } from "@/lib/live/sse-stream";

const decoder = new TextDecoder();

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += decoder.decode(chunk);
  return text;
}

function counters() {
  const count = { ended: 0, released: 0, started: 0 };
  return { count, onEnd: () => count.ended++, release: () => count.released++ };
}

describe("sseStream", () => {
  it("sends the retry delay first, then the body's events; the body's end closes it and releases once", async () => {
    const { count, onEnd, release } = counters();
    const stream = sseStream({ signal: new AbortController().signal, retryMs: 1500, heartbeatMs: 60_000, onEnd }, (channel) => {
      count.started++;
      channel.onStop(release);
      channel.send(new TextEncoder().encode("event: a\ndata: 1\n\n"));
      channel.end();
      channel.send(new TextEncoder().encode("event: late\ndata: 2\n\n"));
    });
    assert.equal(await readAll(stream), "retry: 1500\n\nevent: a\ndata: 1\n\n");
    assert.deepEqual(count, { ended: 1, released: 1, started: 1 });
  });

  it("a browser gone before it opened: no body, onEnd once, closed", async () => {
    const { count, onEnd } = counters();
    const gone = new AbortController();
    gone.abort();
    const stream = sseStream({ signal: gone.signal, onEnd }, () => count.started++);
    assert.equal(await readAll(stream), "");
    assert.deepEqual(count, { ended: 1, released: 0, started: 0 });
  });

  it("a browser leaving ends it: onEnd and each release once, a release registered after the end runs at once", async () => {
    const { count, onEnd, release } = counters();
    const browser = new AbortController();
    let late: (() => void) | undefined;
    const stream = sseStream({ signal: browser.signal, heartbeatMs: 60_000, lifetimeMs: 60_000, onEnd }, (channel) => {
      channel.onStop(release);
      late = () => channel.onStop(release);
    });
    const read = readAll(stream);
    browser.abort();
    browser.abort();
    assert.equal(await read, "retry: 2000\n\n");
    late!();
    assert.deepEqual(count, { ended: 1, released: 2, started: 0 });
  });

  it("a body that throws: its error reaches the caller, and onEnd, its releases and the stream's timers are done with", () => {
    const { count, onEnd, release } = counters();
    assert.throws(
      () =>
        sseStream({ signal: new AbortController().signal, heartbeatMs: 5, lifetimeMs: 60_000, onEnd }, (channel) => {
          channel.onStop(release);
          throw new Error("could not subscribe");
        }),
      /could not subscribe/,
    );
    // A heartbeat or lifetime timer left running would keep this test file from ending.
    assert.deepEqual(count, { ended: 1, released: 1, started: 0 });
  });

  it("a reader that cancels ends it once", async () => {
    const { count, onEnd, release } = counters();
    const stream = sseStream({ signal: new AbortController().signal, heartbeatMs: 60_000, onEnd }, (channel) => channel.onStop(release));
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    assert.deepEqual(count, { ended: 1, released: 1, started: 0 });
  });
});
