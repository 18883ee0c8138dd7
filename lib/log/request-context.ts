/**
 * The request a line is logged in: its id and route, held in one
 * AsyncLocalStorage per process (on globalThis, under a Symbol.for key, since
 * Next bundles instrumentation and each route apart and all must see the same
 * one; cache-handlers/log-line.mjs reads it by that key too). It is entered
 * as each request arrives (track-requests.ts); a line logged outside any
 * request (a listener's poll, the process's start) has neither.
 */
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  /** This shop's id for the request (track-requests.ts says where it comes from). */
  readonly reqId: string;
  /** The request's path, without its query (routeOfUrl). */
  readonly route: string;
}

const KEY = Symbol.for("storefront.requestContext");
type GlobalWithContext = typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };

/** The process's storage, made on first use. */
export function requestStorage(): AsyncLocalStorage<RequestContext> {
  const g = globalThis as GlobalWithContext;
  g[KEY] ??= new AsyncLocalStorage<RequestContext>();
  return g[KEY];
}

/** The request the caller runs in, if any. */
export function currentRequest(): RequestContext | undefined {
  return (globalThis as GlobalWithContext)[KEY]?.getStore();
}

/**
 * Runs `fn` outside any request: what it starts (a process-wide listener, a
 * timer) logs without the id of the request that happened to start it.
 */
export function outsideAnyRequest<T>(fn: () => T): T {
  const storage = (globalThis as GlobalWithContext)[KEY];
  return storage ? storage.exit(fn) : fn();
}

/** The longest route a line carries. */
const ROUTE_MAX_CHARS = 200;

/**
 * A request URL's route as logged: its path only (a query may hold a guest
 * order's token), a search page's query replaced by `[q]` (what a shopper
 * typed is theirs), cut to ROUTE_MAX_CHARS. The logger scrubs it again.
 */
export function routeOfUrl(url: string | undefined): string {
  const path = (url ?? "/").split(/[?#]/, 1)[0] || "/";
  const route = path.startsWith("/search/") ? "/search/[q]" : path;
  return route.length > ROUTE_MAX_CHARS ? `${route.slice(0, ROUTE_MAX_CHARS)}…` : route;
}
