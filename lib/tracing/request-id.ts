/**
 * Gives every span started inside a request the request's id, the one its
 * log lines carry (lib/log/request-context.ts): from a trace, ops find the
 * request's lines, and from a line, its trace. A span processor, so Next's
 * own spans (the request's) carry it too.
 */
import "server-only";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { currentRequest } from "@/lib/log/request-context";

/** The attribute a span's request id is under. */
export const REQUEST_ID_ATTRIBUTE = "storefront.request_id";

export class RequestIdSpanProcessor implements SpanProcessor {
  onStart(span: Span): void {
    const request = currentRequest();
    if (request) span.setAttribute(REQUEST_ID_ATTRIBUTE, request.reqId);
  }

  onEnd(): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
