/**
 * Whether this server process has been asked to stop (SIGTERM or SIGINT):
 * what it started may then fail as its server closes, and is not an error.
 * Watched only where something else already handles those signals (`next
 * start` does, to close its server and exit): Node stops exiting on a signal
 * once it has a listener, so a listener of ours alone would keep the process
 * running after it was told to stop. Kept on globalThis: Next bundles the
 * instrumentation and the routes separately.
 */
const STOP_KEY = Symbol.for("storefront.process-stop");
const SIGNALS = ["SIGTERM", "SIGINT"] as const;

type GlobalWithStop = typeof globalThis & { [STOP_KEY]?: { asked: boolean } };

/**
 * Starts watching for a stop, once per process, for each signal another listener handles.
 * Returns whether any is watched.
 */
export function watchForProcessStop(): boolean {
  const g = globalThis as GlobalWithStop;
  if (g[STOP_KEY]) return true;
  const handled = SIGNALS.filter((signal) => process.listenerCount(signal) > 0);
  if (handled.length === 0) return false;
  const state = { asked: false };
  g[STOP_KEY] = state;
  for (const signal of handled) {
    process.once(signal, () => {
      state.asked = true;
    });
  }
  return true;
}

/** Whether this process has been asked to stop (false when no stop is watched). */
export function processStopping(): boolean {
  return (globalThis as GlobalWithStop)[STOP_KEY]?.asked ?? false;
}
