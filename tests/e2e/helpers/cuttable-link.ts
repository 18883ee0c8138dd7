import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP forwarder between the browser and the shop that the test can cut,
 * as a network drop, a load balancer or a deploy would: `cut()` resets every
 * open connection (the live stream included) and refuses new ones (reset
 * on accept) until `restore()`. Bytes pass unchanged, so the shop sees the
 * browser's own requests (Host and Origin name the forwarder's port, and
 * cookies, which ignore ports, are shared with tabs on the shop's own port).
 */
interface CuttableLink {
  /** http://localhost:PORT of the forwarder. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function openCuttableLink(target: URL): Promise<CuttableLink> {
  const sockets = new Set<Socket>();
  let blocked = false;
  const server: Server = createServer((client) => {
    if (blocked) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://localhost:${port}`,
    cut() {
      blocked = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      blocked = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
