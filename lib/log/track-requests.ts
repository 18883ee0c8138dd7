/**
 * Gives every request this process accepts its id and route
 * (request-context.ts), before any of Next's code runs: Node announces each
 * request on the `http.server.request.start` diagnostics channel,
 * synchronously, just before the server's handler, and the context entered
 * there is the handler's and everything it starts (pages, actions, route
 * handlers, the proxy, `after()` work).
 *
 * The id: on Vercel the platform's `x-vercel-id` (Vercel sets it on every
 * request it forwards, and shows it in its logs and the response); elsewhere
 * a random one, never the client's `x-request-id` (any client could send one
 * to muddle the logs, and no proxy in front is known to replace it). It is
 * sent back as `x-request-id`, so a shopper's report or a failed request in
 * a browser's tools leads to the lines.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestStorage, routeOfUrl } from "./request-context";

export const REQUEST_ID_HEADER = "x-request-id";

/** What Vercel's request id looks like (`fra1::iad1::abcde-1700000000000-0123456789ab`). */
const VERCEL_ID = /^[A-Za-z0-9:_-]{1,120}$/;

const TRACKING_KEY = Symbol.for("storefront.trackingRequests");
type GlobalWithFlag = typeof globalThis & { [TRACKING_KEY]?: boolean };

/** A new request id: 96 random bits, 16 characters. */
function newRequestId(): string {
  return randomBytes(12).toString("base64url");
}

/** The id of a request with this `x-vercel-id` on Vercel, or a new one. */
export function requestIdOf(vercelId: string | string[] | undefined, onVercel: boolean): string {
  if (onVercel && typeof vercelId === "string" && VERCEL_ID.test(vercelId)) return vercelId;
  return newRequestId();
}

/** Starts tracking; once per process. */
export function trackRequests(onVercel: boolean): void {
  const g = globalThis as GlobalWithFlag;
  if (g[TRACKING_KEY]) return;
  g[TRACKING_KEY] = true;
  const storage = requestStorage();
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const reqId = requestIdOf(request.headers["x-vercel-id"], onVercel);
    if (!onVercel && !response.headersSent) response.setHeader(REQUEST_ID_HEADER, reqId);
    storage.enterWith({ reqId, route: routeOfUrl(request.url) });
  });
}
