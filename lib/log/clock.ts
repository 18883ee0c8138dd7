/**
 * The time a log line carries, in ms since the epoch, read without
 * `Date.now()`: inside a prerender (a page revalidated in the background)
 * Cache Components treats `Date.now()` as an unstable value and throws in
 * its place, so an error met there (a store timeout) lost its log line to
 * that complaint. The process's time origin plus the monotonic clock is
 * allowed there (Next names `performance.now()` for telemetry); it follows
 * the wall clock except across a step of the system clock after start.
 */
export function logClockMs(): number {
  return performance.timeOrigin + performance.now();
}
