/**
 * The shop's own spans (OpenTelemetry's API): a store call, a Stripe call,
 * an SMTP send, a cache expiry. Each is a child of whatever span is active
 * (Next's span of the request, or none), carries the names and counts it is
 * given and never what a shopper wrote, and ends when its work settles,
 * marked an error when the work threw. Without a registered tracer
 * provider (lib/tracing/register.ts: no exporter configured) the API's
 * no-op tracer makes this a function call.
 */
import "server-only";
import { SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

const tracer = () => trace.getTracer("storefront");

function ended(span: Span, error?: unknown): void {
  if (error !== undefined) {
    const failure = error instanceof Error ? error : new Error(String(error));
    span.recordException(failure);
    const code = (error as { code?: unknown }).code;
    span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === "string" ? `${failure.name}: ${code}` : failure.name });
  }
  span.end();
}

/** Runs `work` inside a span `name` with `attributes`: its result (a promise's, once it settles), its error rethrown. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => T): T {
  return tracer().startActiveSpan(name, { attributes }, (span) => {
    let result: T;
    try {
      result = work();
    } catch (error) {
      ended(span, error);
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          ended(span);
          return value;
        },
        (error: unknown) => {
          ended(span, error);
          throw error;
        },
      ) as T;
    }
    ended(span);
    return result;
  });
}
