/**
 * Self-hosted only (instrumentation-node.ts): every Cache-Control the
 * process's HTTP server sends is split between browsers and CDNs as
 * cache-control-for-browsers.ts says, so no browser shows a page from its
 * own cache after the shop has changed it. Node announces each request on
 * the `http.server.request.start` diagnostics channel before Next handles
 * it; its response's setHeader and appendHeader then split the value Next
 * (or a route handler) sets.
 * On Vercel the platform's CDN answers browsers `public, max-age=0,
 * must-revalidate` whatever the function said (Vercel's response-headers docs).
 */
import "server-only";
import diagnostics from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";
import { cacheControlForBrowsers } from "./cache-control-for-browsers";

const STARTED = Symbol.for("storefront.cdnDirectivesKeptFromBrowsers");
type GlobalWithFlag = typeof globalThis & { [STARTED]?: true };

/** `response` with a setHeader and an appendHeader (route handlers' answers) that split a Cache-Control value as it is set. */
function splitOnSet(response: ServerResponse): void {
  const setHeader = response.setHeader.bind(response);
  const appendHeader = response.appendHeader.bind(response);
  // Next's own response wrapper appends by setting the header's values as an array.
  const splitOf = (name: string, value: unknown) => {
    if (name.toLowerCase() !== "cache-control") return null;
    if (typeof value === "string") return cacheControlForBrowsers(value);
    return Array.isArray(value) && value.every((part) => typeof part === "string") ? cacheControlForBrowsers(value.join(", ")) : null;
  };
  response.setHeader = (name, value) => {
    const split = splitOf(name, value);
    if (!split) return setHeader(name, value);
    setHeader("CDN-Cache-Control", split.cdn);
    return setHeader(name, split.browser);
  };
  response.appendHeader = (name, value) => {
    const split = splitOf(name, value);
    if (!split) return appendHeader(name, value);
    setHeader("CDN-Cache-Control", split.cdn);
    return appendHeader(name, split.browser);
  };
}

/** Starts splitting every response's Cache-Control (from the process's next request on); once per process. */
export function keepCdnDirectivesFromBrowsers(): void {
  const g = globalThis as GlobalWithFlag;
  if (g[STARTED]) return;
  g[STARTED] = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { response } = message as { response?: ServerResponse };
    if (response) splitOnSet(response);
  });
}
