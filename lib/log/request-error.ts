/**
 * What Next's `onRequestError` (instrumentation.ts) logs for each error its
 * server caught in a request and the shop did not handle: one error line,
 * `next.request_error`, with the error's digest (the code Next shows the
 * visitor instead of the message, so a visitor's report leads here), the
 * route's path as the app names it (`/orders-page/[id]`), its type (render,
 * route, action, proxy) and the request's method and path (without its
 * query, which may hold a guest order's token). The stack comes at most once
 * a minute (lib/log's rule for every kind).
 */
import "server-only";
import type { Instrumentation } from "next";
import { log } from "./index";
import { routeOfUrl } from "./request-context";

type OnRequestError = Instrumentation.onRequestError;

function digestOf(error: unknown): string | undefined {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" ? digest : undefined;
}

export function logRequestError(error: unknown, request: Parameters<OnRequestError>[1], context: Parameters<OnRequestError>[2]): void {
  log.error("next.request_error", "A request failed with an error the shop did not handle", error, {
    digest: digestOf(error),
    routePath: context.routePath,
    routeType: context.routeType,
    renderSource: context.renderSource,
    method: request.method,
    path: routeOfUrl(request.path),
  });
}
