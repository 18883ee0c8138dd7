/**
 * The order feed both adapters share (OrderStore.watchOrder): per order, the
 * subscribers of this process, the one source that follows it (a Firestore
 * document listener; SQLite's poll), opened with its first subscriber and
 * stopped with its last, and the last revision heard, given at once to a
 * subscriber who joins a source already open. So any number of open pages of
 * one order cost one source per process.
 */
import type { Unsubscribe } from "./contract/feeds";
import { Fanout } from "./feed";

/** Starts following one order: `emit` each revision it hears; returns its stop. */
type OpenSource = (orderId: string, emit: (revision: number) => void) => Unsubscribe;

interface RevisionFeed {
  subscribe(orderId: string, onRevision: (revision: number) => void): Unsubscribe;
  close(): void;
}

export function revisionFeed(open: OpenSource): RevisionFeed {
  const feed = new Fanout<string, number>();
  const sources = new Map<string, { stop: Unsubscribe; last: number | null }>();
  return {
    subscribe(orderId, onRevision) {
      let live = true;
      const unsubscribe = feed.subscribe(orderId, onRevision);
      const source = sources.get(orderId);
      if (!source) {
        const opened = { stop: () => {}, last: null as number | null };
        sources.set(orderId, opened);
        opened.stop = open(orderId, (revision) => {
          opened.last = revision;
          feed.emit(orderId, revision);
        });
      } else if (source.last !== null) {
        const last = source.last;
        queueMicrotask(() => {
          if (live) onRevision(last);
        });
      }
      return () => {
        live = false;
        unsubscribe();
        if (!feed.has(orderId)) {
          sources.get(orderId)?.stop();
          sources.delete(orderId);
        }
      };
    },
    close() {
      for (const source of sources.values()) source.stop();
      sources.clear();
      feed.clear();
    },
  };
}
