/**
 * A process asked to stop (lib/process-stop.ts) skips the expiry of its own
 * page cache, with an info line, when the request to its own revalidation
 * route is not yet sent or fails as its server closes
 * (lib/catalog/expire-here.ts); a process that is not stopping still throws.
 * A stop is watched only where another listener handles the signal, as
 * `next start`'s does: a listener of ours alone would keep Node from exiting.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { rmSync } from "node:fs";
import { after, before, describe, it, mock } from "node:test";
import type * as ExpireHere from "@/lib/catalog/expire-here";
import type * as LogModule from "@/lib/log";
import type * as ProcessStop from "@/lib/process-stop";
import { setUpServerEnv } from "./helpers/server-env";

const dir = setUpServerEnv("expire-here-stopping-");
// This process's own server: it takes each request, then resets its connection once told to.
const held: Socket[] = [];
const server: Server = createServer((request) => held.push(request.socket));
let expireHere: typeof ExpireHere;
let processStop: typeof ProcessStop;
let log: typeof LogModule.log;

/** Resets every connection the server holds, as a closing server does. */
function resetHeld(): void {
  for (const socket of held.splice(0)) socket.resetAndDestroy();
}

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.PORT = String((server.address() as AddressInfo).port);
  expireHere = await import("@/lib/catalog/expire-here");
  processStop = await import("@/lib/process-stop");
  log = (await import("@/lib/log")).log;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const skipLines = (info: ReturnType<typeof mock.method>) =>
  info.mock.calls.filter((call) => call.arguments[0] === "catalog.expire_skipped_stopping").length;

describe("a process's expiry of its own page cache, as it stops", () => {
  it("watches no stop where nothing else handles the signals", () => {
    return withSignalListeners([], () => {
      assert.equal(processStop.watchForProcessStop(), false);
      assert.equal(process.listenerCount("SIGTERM") + process.listenerCount("SIGINT"), 0);
    });
  });

  it("is an error when the server resets the request and the process is not stopping", async () => {
    const info = mock.method(log, "info");
    const expiring = expireHere.expireInThisProcess(["catalog"]);
    await waitFor(() => held.length === 1);
    resetHeld();
    await assert.rejects(expiring, (error: Error & { cause?: { code?: string } }) => error.cause?.code === "ECONNRESET");
    assert.equal(skipLines(info), 0);
    assert.equal(processStop.processStopping(), false);
    info.mock.restore();
  });

  it("is skipped with an info line once the process is asked to stop: a request in flight, then one not sent", async () => {
    // Stands for next start's handler, which closes the server and exits.
    const nextsOwn = () => {};
    const info = mock.method(log, "info");
    await withSignalListeners([nextsOwn], async () => {
      assert.equal(processStop.watchForProcessStop(), true);
      const expiring = expireHere.expireInThisProcess(["product:a", "in-stock"]);
      await waitFor(() => held.length === 1);
      process.emit("SIGTERM");
      assert.equal(processStop.processStopping(), true);
      resetHeld();
      await expiring;
      await expireHere.expireInThisProcess(["catalog"]);
    });
    info.mock.restore();
    assert.equal(held.length, 0, "no request is sent once stopping");
    assert.equal(skipLines(info), 2);
    assert.deepEqual(info.mock.calls[0].arguments[2], { tags: 2 });
  });
});

/**
 * Runs `body` with `listeners` as the only SIGTERM and SIGINT listeners (the test runner's own set
 * aside, so an emitted signal reaches only these and ours), then puts the runner's back.
 */
async function withSignalListeners(listeners: Array<() => void>, body: () => void | Promise<void>): Promise<void> {
  const saved = { SIGTERM: process.rawListeners("SIGTERM"), SIGINT: process.rawListeners("SIGINT") };
  process.removeAllListeners("SIGTERM").removeAllListeners("SIGINT");
  for (const listener of listeners) process.on("SIGTERM", listener).on("SIGINT", listener);
  try {
    await body();
  } finally {
    process.removeAllListeners("SIGTERM").removeAllListeners("SIGINT");
    for (const [signal, kept] of Object.entries(saved)) for (const listener of kept) process.on(signal, listener as () => void);
  }
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error("waited 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
