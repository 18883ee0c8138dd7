/**
 * Next's instrumentation hooks. `register` runs once when a server process
 * starts (it registers tracing when ops asked for it, then starts the
 * process's work); `onRequestError` is called with each error Next's server caught in
 * a request (a page, a route handler, a server action, the proxy). The work
 * is Node-only (./instrumentation-node.ts, ./lib/log/request-error.ts):
 * behind this runtime check and a dynamic import, Next's Edge build never
 * sees Node's modules or process.exit and never warns about them.
 */
import type { Instrumentation } from "next";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Traces first, so the spans of the process's own start are exported too (lib/tracing/register.ts).
  const { registerTracing } = await import("./lib/tracing/register");
  await registerTracing();
  const { startServerProcess } = await import("./instrumentation-node");
  await startServerProcess();
}

export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/log/request-error");
  logRequestError(error, request, context);
};
