/**
 * The cap on live streams one process holds open at once. Each open stream
 * costs about 78 KB of server memory (measured: 1,500 streams from one
 * client) and, on Vercel, a function held for up to 285 s; past the cap a
 * new stream is refused with 503 and Retry-After, and the browser's backoff
 * (components/live/live-updates.tsx) tries again. 500 streams: about 39 MB.
 */
import "server-only";

const MAX_OPEN_STREAMS = 500;
/** Seconds a refused browser waits before it opens again. */
export const STREAMS_RETRY_AFTER_SECONDS = 30;

const GLOBAL_KEY = Symbol.for("storefront.openStreams");
type GlobalWithCount = typeof globalThis & { [GLOBAL_KEY]?: { open: number } };

function counter(): { open: number } {
  const g = globalThis as GlobalWithCount;
  return (g[GLOBAL_KEY] ??= { open: 0 });
}

/** Takes one slot: its release (call once, when the stream ends), or null when the process is full. */
export function takeStreamSlot(max = MAX_OPEN_STREAMS): (() => void) | null {
  const count = counter();
  if (count.open >= max) return null;
  count.open += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    count.open -= 1;
  };
}
