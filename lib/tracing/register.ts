/**
 * Traces, when ops ask for them: with OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, @vercel/otel exports every span
 * over OTLP (OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf by default, or
 * http/json); on Vercel it also sends them to a tracing integration the
 * project has. Otherwise nothing is registered and every span is the API's
 * no-op (docs/DEPLOY.md, "Traces"). Next makes a span per request (its
 * route and status); the shop's own are lib/tracing/span.ts's.
 */
import "server-only";
import { RequestIdSpanProcessor } from "./request-id";

const SERVICE_NAME = "storefront";

/** Whether this process exports traces: an OTLP endpoint is set, or it runs on Vercel. */
function tracesWanted(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.VERCEL);
}

/**
 * Registers the tracer provider when traces are wanted; whether it did. The
 * SDK is loaded only then: a process that exports nothing never starts it.
 */
export async function registerTracing(): Promise<boolean> {
  if (!tracesWanted()) return false;
  const { registerOTel } = await import("@vercel/otel");
  registerOTel({ serviceName: SERVICE_NAME, spanProcessors: ["auto", new RequestIdSpanProcessor()] });
  return true;
}
