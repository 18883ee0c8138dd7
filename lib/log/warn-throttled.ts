/**
 * A warning a stranger can cause at will (a method the shop does not serve,
 * an image it does not hold, an action this build does not have): at most
 * one line per kind per interval in each process, so a flood of such
 * requests is one short line a minute, never a line (or a stack) per
 * request. Each line says how many of its kind were left out since the
 * previous one (`leftOut`). Per process on globalThis: the proxy, the
 * routes and the request guard are bundled apart.
 */
import "server-only";
import type { LogFields } from "./fields";
import { logClockMs } from "./clock";
import { log } from "./index";

export const THROTTLED_LINE_INTERVAL_MS = 60_000;

const KEY = Symbol.for("storefront.throttledWarnings");
type Seen = Map<string, { lastAt: number; leftOut: number }>;
type GlobalWithSeen = typeof globalThis & { [KEY]?: Seen };

/** Writes `log.warn(kind, msg, fields)` unless a line of `kind` was written less than an interval ago (then counts it). */
export function warnThrottled(kind: `${string}.${string}`, msg: string, fields: LogFields = {}, now: number = logClockMs()): void {
  const g = globalThis as GlobalWithSeen;
  const seen = (g[KEY] ??= new Map());
  const last = seen.get(kind);
  if (last && now - last.lastAt < THROTTLED_LINE_INTERVAL_MS) {
    last.leftOut += 1;
    return;
  }
  log.warn(kind, msg, { ...fields, leftOut: last?.leftOut ?? 0 });
  seen.set(kind, { lastAt: now, leftOut: 0 });
}
