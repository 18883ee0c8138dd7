/**
 * The life of one Server-Sent Events stream, whatever it carries (the shop's
 * live stream, stream.ts; the order desk's, order-desk-stream.ts): the retry
 * delay first, a heartbeat comment while it is open, an end after its
 * lifetime (before the platform cuts the function), when the browser leaves,
 * or when its body ends it; and every listener and timer released once,
 * however it ends. Kept free of Next so the streams are tested with fakes.
 */
import { sseComment, sseRetry } from "./sse";

/** What a stream's body sees of its stream. */
export interface SseChannel {
  /** Sends one framed chunk; nothing once the stream has ended. */
  send(chunk: Uint8Array): void;
  /** Ends the stream; the browser reconnects after the retry delay. */
  end(): void;
  /** Whether the stream has ended. */
  readonly closed: boolean;
  /** Runs `release` once when the stream ends (a listener to remove, a timer to clear). */
  onStop(release: () => void): void;
}

export interface SseStreamOptions {
  /** Aborted when the browser goes away. */
  signal: AbortSignal;
  heartbeatMs?: number;
  /** How long the browser waits before reconnecting a dropped stream. */
  retryMs?: number;
  /** Ends the stream after this long, before the platform cuts the function (Vercel's maxDuration). */
  lifetimeMs?: number;
  /** Called once when the stream ends, however it ends. */
  onEnd?(): void;
}

/** A stream whose body `start` runs once it is open (not at all when the browser left before). */
export function sseStream(
  { signal, heartbeatMs = 25_000, retryMs = 2000, lifetimeMs, onEnd = () => {} }: SseStreamOptions,
  start: (channel: SseChannel) => void,
): ReadableStream<Uint8Array> {
  let stop = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const releases: Array<() => void> = [];
      stop = () => {
        if (closed) return;
        closed = true;
        onEnd();
        for (const release of releases.splice(0)) release();
      };
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      const channel: SseChannel = {
        send(chunk) {
          if (closed) return;
          try {
            controller.enqueue(chunk);
          } catch {
            stop(); // The client went away between two events.
          }
        },
        end,
        get closed() {
          return closed;
        },
        onStop(release) {
          if (closed) release();
          else releases.push(release);
        },
      };

      // The browser may have left while the route was still deciding.
      if (signal.aborted) return end();
      signal.addEventListener("abort", end);
      channel.onStop(() => signal.removeEventListener("abort", end));
      const heartbeat = setInterval(() => channel.send(sseComment("ping")), heartbeatMs);
      channel.onStop(() => clearInterval(heartbeat));
      if (lifetimeMs !== undefined) {
        const lifetime = setTimeout(end, lifetimeMs);
        channel.onStop(() => clearTimeout(lifetime));
      }
      channel.send(sseRetry(retryMs));
      try {
        start(channel);
      } catch (error) {
        stop(); // Its timers and listeners too: the route answers the error.
        throw error;
      }
    },
    cancel() {
      stop();
    },
  });
}
