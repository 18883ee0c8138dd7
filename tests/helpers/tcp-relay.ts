/**
 * A TCP relay between a client and a server that a test can break as a
 * network breaks:
 * - `cut()` resets every open connection and refuses new ones (reset on
 *   accept) until `restore()`: a network drop, a load balancer or a deploy
 *   (live-resume.spec cuts a browser's link to the shop);
 * - `stall()` holds every byte either way until `resume()` sends on what
 *   was held, in order: a network that stops answering and recovers, whose
 *   late packets still arrive (firestore-store-faults.test stalls the shop's
 *   link to Firestore);
 * - `slow(ms)` delays every chunk either way by `ms`, keeping their order.
 * Otherwise bytes pass unchanged and are never dropped or reordered.
 */
import { connect, createServer, type Socket } from "node:net";

export interface TcpRelay {
  /** The loopback port clients connect to. */
  readonly port: number;
  cut(): void;
  restore(): void;
  stall(): void;
  resume(): void;
  slow(ms: number): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  let refused = false;
  let stalled = false;
  let delayMs = 0;
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const releaseHeld = () => {
    for (const release of held.splice(0)) release();
  };

  /** One direction: chunks leave in arrival order, each after the delay, none while stalled. */
  function forward(from: Socket, to: Socket) {
    let last = Promise.resolve();
    from.on("data", (chunk) => {
      const due = Date.now() + delayMs;
      last = last.then(async () => {
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (stalled) await new Promise<void>((resolve) => held.push(resolve));
        if (!to.destroyed) to.write(chunk);
      });
    });
    from.on("end", () => void last.then(() => to.end()));
  }

  const server = createServer((client) => {
    if (refused) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the relay has no port");

  return {
    port: address.port,
    cut: () => {
      refused = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore: () => {
      refused = false;
    },
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      releaseHeld();
    },
    slow: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      stalled = false;
      releaseHeld();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
