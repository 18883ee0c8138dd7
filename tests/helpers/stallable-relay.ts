/**
 * A TCP relay between a client and a server that a test can stall or slow:
 * a Firestore client pointed at it loses its store in the middle of a call
 * (`stall`: every byte either way is held, as a network that stops
 * answering holds it) and gets it back (`resume`: what was held is sent on,
 * in order), or waits `delayMs` on every chunk either way. Bytes are never
 * dropped or reordered: what a stalled call sent still reaches the server
 * once resumed, as a late packet would.
 */
import { connect, createServer, type Socket } from "node:net";

export interface StallableRelay {
  /** The loopback port clients connect to. */
  readonly port: number;
  /** Holds every byte either way from now on, until resume(). */
  stall(): void;
  /** Sends on what was held, in order, and lets bytes through again. */
  resume(): void;
  /** Delays every chunk either way by `ms` (0: none), keeping their order. */
  slow(ms: number): void;
  close(): Promise<void>;
}

export async function startStallableRelay(target: { host: string; port: number }): Promise<StallableRelay> {
  let stalled = false;
  let delayMs = 0;
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();

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
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const release of held.splice(0)) release();
    },
    slow: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      stalled = false;
      for (const release of held.splice(0)) release();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
