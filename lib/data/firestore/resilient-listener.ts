/**
 * A snapshot listener that comes back after an error. Firestore ends a
 * listener for good when it fails (a network cut, the backend restarting, a
 * permission blip), and a process whose listener ended would send no live
 * event until it restarted. Here the listener is reopened with
 * exponential backoff (0.5 s doubling to 30 s by default, back to 0.5 s after
 * a good snapshot), and the first snapshot after a reopen is marked
 * `afterRestart` so the caller can say "something may have changed while the
 * listener was down". Subscribers of the caller's feed keep their
 * subscriptions throughout.
 */
import { log } from "@/lib/log";

/** Opens one listener; returns its unsubscribe. */
type Listen<Snapshot> = (onNext: (snapshot: Snapshot) => void, onError: (error: Error) => void) => () => void;

export interface ResilientListenerOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Logs a failure (default: a warning line, lib/log); `retryInMs` is the wait before the reopen. */
  onFailure?: (error: unknown, retryInMs: number) => void;
  /** Timers, injectable for tests. */
  schedule?: (run: () => void, ms: number) => () => void;
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  // A pending reopen must not keep a finished process (a script, a test) alive.
  timer.unref?.();
  return () => clearTimeout(timer);
};

/** Starts listening at once; returns stop(), after which nothing is delivered or reopened. */
export function resilientListener<Snapshot>(
  label: string,
  listen: Listen<Snapshot>,
  onSnapshot: (snapshot: Snapshot, info: { afterRestart: boolean }) => void,
  options: ResilientListenerOptions = {},
): () => void {
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const schedule = options.schedule ?? defaultSchedule;
  const onFailure =
    options.onFailure ??
    ((error: unknown, retryInMs: number) =>
      log.warn("store.listener_failed", "A store listener failed; it reopens", { listener: label, retryInMs }, error));

  let stopped = false;
  let delayMs = initialDelayMs;
  let afterRestart = false;
  let unsubscribe: (() => void) | null = null;
  let cancelRetry: (() => void) | null = null;

  const fail = (error: unknown) => {
    if (stopped) return;
    unsubscribe?.();
    unsubscribe = null;
    const wait = delayMs;
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    onFailure(error, wait);
    cancelRetry = schedule(() => {
      cancelRetry = null;
      afterRestart = true;
      open();
    }, wait);
  };

  function open() {
    if (stopped) return;
    // One generation per open, so a late callback of a listener already
    // replaced (or stopped) is ignored.
    let current = true;
    try {
      const stop = listen(
        (snapshot) => {
          if (!current || stopped) return;
          delayMs = initialDelayMs;
          const info = { afterRestart };
          afterRestart = false;
          onSnapshot(snapshot, info);
        },
        (error) => {
          if (!current) return;
          current = false;
          fail(error);
        },
      );
      if (current) {
        unsubscribe = () => {
          current = false;
          stop();
        };
      } else {
        stop();
      }
    } catch (error) {
      // Opening itself failed (for example a client being shut down).
      current = false;
      fail(error);
    }
  }

  open();
  return () => {
    stopped = true;
    cancelRetry?.();
    cancelRetry = null;
    unsubscribe?.();
    unsubscribe = null;
  };
}
