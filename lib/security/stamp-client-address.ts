/**
 * Self-hosted only (instrumentation-node.ts): every request this process
 * accepts gets CLIENT_ADDRESS_HEADER, written from its socket before any of
 * Next's code sees it, overwriting whatever a client sent. Node announces
 * each request on the `http.server.request.start` diagnostics channel,
 * synchronously, before the server's own handler runs.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { addressBehindProxies, CLIENT_ADDRESS_HEADER } from "./client-address";

const TOKEN_KEY = Symbol.for("storefront.clientAddressToken");
type GlobalWithToken = typeof globalThis & { [TOKEN_KEY]?: string };

/** This process's stamp token, or null when nothing stamps (Vercel, or before start). */
export function stampToken(): string | null {
  return (globalThis as GlobalWithToken)[TOKEN_KEY] ?? null;
}

/** Starts stamping; once per process. */
export function stampClientAddresses(trustedHops: number): void {
  const g = globalThis as GlobalWithToken;
  if (g[TOKEN_KEY]) return;
  const token = randomBytes(16).toString("base64url");
  g[TOKEN_KEY] = token;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const forwardedFor = request.headers["x-forwarded-for"];
    const address = addressBehindProxies(
      Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
      socket.remoteAddress,
      trustedHops,
    );
    request.headers[CLIENT_ADDRESS_HEADER] = `${token} ${address}`;
  });
}
