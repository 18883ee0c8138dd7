import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { debounce } from "@/lib/live/debounce";
import { sseComment, sseEvent, sseRetry } from "@/lib/live/sse";
import { pause } from "./helpers/fixtures";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("Server-Sent Events framing", () => {
  it("frames an event with its JSON data and a blank line", () => {
    assert.equal(text(sseEvent("cart", { items: [], hasOwner: true })), 'event: cart\ndata: {"items":[],"hasOwner":true}\n\n');
  });

  it("keeps a payload with newlines on one data line", () => {
    const snapshot = {
      items: [{ id: "p1", name: "two\nlines", priceCents: 100, image: "/p1.webp", cartQuantity: 1, available: true, addedPriceCents: 100 }],
      hasOwner: true,
    };
    const framed = text(sseEvent("cart", snapshot));
    assert.equal(framed.split("\n").filter((line) => line.startsWith("data:")).length, 1);
    assert.deepEqual(JSON.parse(framed.split("\n")[1].slice("data: ".length)), snapshot);
  });

  it("frames comments and the retry delay", () => {
    assert.equal(text(sseComment("ping")), ": ping\n\n");
    assert.equal(text(sseRetry(2000)), "retry: 2000\n\n");
  });
});

describe("debounce", () => {
  it("runs once after a burst, and again after a later call", async () => {
    let runs = 0;
    const d = debounce(() => runs++, 30);
    for (let i = 0; i < 10; i++) d.call();
    assert.equal(runs, 0);
    await pause(80);
    assert.equal(runs, 1);
    d.call();
    await pause(80);
    assert.equal(runs, 2);
  });

  it("cancel drops a pending run", async () => {
    let runs = 0;
    const d = debounce(() => runs++, 20);
    d.call();
    d.cancel();
    await pause(60);
    assert.equal(runs, 0);
  });
});
