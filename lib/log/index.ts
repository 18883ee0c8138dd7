/**
 * `log`, the process's logger (logger.ts says what a line holds and what
 * each level means): every server log line of the shop goes through it.
 * One per process on globalThis, as Next bundles routes apart and the stack
 * limit is the process's.
 */
import "server-only";
import { logClockMs } from "./clock";
import { createLogger, type Log } from "./logger";
import { currentRequest } from "./request-context";
import { writeLogLine } from "./sink";

const KEY = Symbol.for("storefront.log");
type GlobalWithLog = typeof globalThis & { [KEY]?: Log };

function processLog(): Log {
  const g = globalThis as GlobalWithLog;
  g[KEY] ??= createLogger({ write: writeLogLine, now: logClockMs, context: currentRequest });
  return g[KEY];
}

export const log: Log = {
  info: (...args) => processLog().info(...args),
  warn: (...args) => processLog().warn(...args),
  error: (...args) => processLog().error(...args),
};
