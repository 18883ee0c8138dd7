import { LiveConnection } from "@/lib/live/connection";

interface EventSourceConnectionOptions {
  /** The stream's address, read at each (re)open. */
  url(): string;
  /** The event that says the stream is open and answering; its data is heard too. */
  readyEvent: string;
  /** What each event's data does, while this stream is the current one. */
  on: Record<string, (data: string) => void>;
  /** The current stream failed or was cut (it reopens with backoff; its ready event says it is back). */
  onLost?: () => void;
}

/**
 * A tab's live stream: an EventSource under lib/live/connection.ts's rules
 * (closed while the tab is hidden, reopened when shown, reopened with
 * backoff after a cut), following the page's visibility from now on.
 * Returns the connection (to restart it) and the cleanup for an effect.
 * The three streams of the shop (the catalogue and cart, the order desk, an
 * open order page) differ only in their address and their events.
 */
export function openEventSourceConnection({ url, readyEvent, on, onLost }: EventSourceConnectionOptions): {
  live: LiveConnection;
  stop: () => void;
} {
  const live = new LiveConnection({
    open() {
      const source = new EventSource(url());
      let current = true;
      for (const [name, hear] of Object.entries(on)) {
        source.addEventListener(name, (event: MessageEvent<string>) => {
          if (!current) return;
          if (name === readyEvent) live.ready();
          hear(event.data);
        });
      }
      if (!(readyEvent in on)) {
        source.addEventListener(readyEvent, () => {
          if (current) live.ready();
        });
      }
      source.addEventListener("error", () => {
        if (!current) return;
        live.failed();
        onLost?.();
      });
      return {
        close() {
          current = false;
          source.close();
        },
      };
    },
  });
  const onVisibility = () => live.visibilityChanged(document.visibilityState === "hidden");
  document.addEventListener("visibilitychange", onVisibility);
  live.start(document.visibilityState === "hidden");
  return {
    live,
    stop() {
      document.removeEventListener("visibilitychange", onVisibility);
      live.stop();
    },
  };
}
