/**
 * Every span as it starts (a span processor, so Next's own spans and
 * @vercel/otel's fetch spans too): the request's id, the one its log lines
 * carry (lib/log/request-context.ts), so ops go from a trace to its lines
 * and back; and its URLs cut to what a log line keeps (routeOfUrl: the path,
 * no query, a search's words as [q]): a guest order's token, a reset code or
 * what a shopper searched for never leaves in a trace.
 */
import "server-only";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { currentRequest, routeOfUrl } from "@/lib/log/request-context";

/** The attribute a span's request id is under. */
export const REQUEST_ID_ATTRIBUTE = "storefront.request_id";

/** The attributes that may hold a URL or path: Next's request span's and the fetch spans'; a query's own, emptied. */
const URL_ATTRIBUTES = ["http.target", "http.url", "url.full", "url.path"] as const;

/** A URL or a path as a trace may keep it: an absolute URL keeps its origin. */
function keptUrl(value: string): string {
  const absolute = /^https?:\/\//i.exec(value) ? new URL(value) : null;
  return absolute ? `${absolute.origin}${routeOfUrl(absolute.pathname)}` : routeOfUrl(value);
}

export class RequestIdSpanProcessor implements SpanProcessor {
  onStart(span: Span): void {
    const request = currentRequest();
    if (request) span.setAttribute(REQUEST_ID_ATTRIBUTE, request.reqId);
    for (const name of URL_ATTRIBUTES) {
      const value = span.attributes[name];
      if (typeof value === "string") span.setAttribute(name, keptUrl(value));
    }
    if (/[?#]/.test(span.name)) span.updateName(span.name.split(/[?#]/, 1)[0]);
    if (span.attributes["url.query"] !== undefined) span.setAttribute("url.query", "");
  }

  onEnd(): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
