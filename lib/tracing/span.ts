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

/**
 * Ends `span`; when `error` is given, records it by its name and code alone:
 * an error's message may quote what it was about (an SMTP server's reply
 * names the address it refused; Stripe's names a session).
 */
function ended(span: Span, failed: boolean, error?: unknown): void {
  if (failed) {
    const name = error instanceof Error ? error.name : typeof error;
    const code = (error as { code?: unknown } | null | undefined)?.code;
    const said = typeof code === "string" ? `${name}: ${code}` : name;
    span.recordException({ name, message: said });
    span.setStatus({ code: SpanStatusCode.ERROR, message: said });
  }
  span.end();
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null | undefined)?.then === "function";

/** Runs `work` inside a span `name` with `attributes`: its result (a promise's, once it settles), its error rethrown. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => T): T {
  return tracer().startActiveSpan(name, { attributes }, (span) => {
    let result: T;
    try {
      result = work();
    } catch (error) {
      ended(span, true, error);
      throw error;
    }
    if (isThenable(result)) {
      return Promise.resolve(result).then(
        (value: unknown) => {
          ended(span, false);
          return value;
        },
        (error: unknown) => {
          ended(span, true, error);
          throw error;
        },
      ) as T;
    }
    ended(span, false);
    return result;
  });
}
