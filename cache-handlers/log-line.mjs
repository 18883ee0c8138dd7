// One log line of the cache handlers, in the shape of the shop's logger
// (lib/log/logger.ts): one JSON object per line with level, time, pid, the
// request's reqId and route, kind, msg and err. Next imports these handlers
// at run time, outside the bundles lib/log lives in, so they cannot import
// it; this writer reads the same process-wide request context and line sink
// (lib/log/request-context.ts, lib/log/sink.ts) by their globalThis keys.
// Its only caller logs a failed refresh of the shop's own feed, an error the
// shop does not expect: the stack comes at most once a minute, as lib/log's.

const CONTEXT_KEY = Symbol.for("storefront.requestContext");
const SINK_KEY = Symbol.for("storefront.logSink");
const STACK_INTERVAL_MS = 60_000;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** @type {Map<string, number>} */
const lastStackAt = new Map();

/** @param {unknown} text */
function scrub(text) {
  return String(text).replace(EMAIL, "[email]").slice(0, 1000);
}

/** @param {unknown} error @param {boolean} withStack */
function errorFields(error, withStack) {
  const e = /** @type {{ name?: unknown, message?: unknown, code?: unknown, stack?: unknown }} */ (error ?? {});
  return {
    name: error instanceof Error ? error.name : "NonError",
    message: scrub(error instanceof Error ? e.message : error),
    ...(typeof e.code === "string" || typeof e.code === "number" ? { code: e.code } : {}),
    ...(withStack && typeof e.stack === "string" ? { stack: scrub(e.stack).slice(0, 4000) } : {}),
  };
}

/**
 * Writes one error line of `kind` about `error`.
 * @param {string} kind @param {string} msg @param {unknown} error @param {number} [at]
 */
export function logErrorLine(kind, msg, error, at = Date.now()) {
  const g = /** @type {Record<symbol, any>} */ (/** @type {unknown} */ (globalThis));
  const request = g[CONTEXT_KEY]?.getStore?.();
  const last = lastStackAt.get(kind);
  const withStack = error instanceof Error && (last === undefined || at - last >= STACK_INTERVAL_MS);
  if (withStack) lastStackAt.set(kind, at);
  const line = {
    level: "error",
    time: new Date(at).toISOString(),
    pid: process.pid,
    ...(request ? { reqId: request.reqId, route: request.route } : {}),
    kind,
    err: errorFields(error, withStack),
    ...(error instanceof Error && !withStack ? { stackOmitted: true } : {}),
    msg,
  };
  const text = `${JSON.stringify(line)}\n`;
  if (typeof g[SINK_KEY] === "function") g[SINK_KEY](text);
  else process.stdout.write(text);
}
