/**
 * The SQLite catalogue feed. A write made through this store is announced at
 * once; a write made through another connection (the seed or import script,
 * a second server process on the same file) is found by polling the
 * catalogue's version (catalog-record.ts), one single-row read per interval,
 * and only while someone listens. Each announcement says what changed since
 * the last one.
 */
import { log } from "@/lib/log";
import { Fanout } from "../feed";
import type { CatalogChanges } from "../contract/catalog";
import type { Unsubscribe } from "../contract/feeds";
import type { SqliteCatalogRecord } from "./catalog-record";

/** How often another connection's catalogue writes are looked for. */
const CATALOG_POLL_MS = 1_000;

interface SqliteCatalogWatch {
  subscribe(onChange: (changes: CatalogChanges) => void, onListening?: (version: number) => void): Unsubscribe;
  /** After a catalogue write through this connection: announce it now, not at the next poll. */
  announceLocalWrite(): void;
  close(): void;
}

export function watchSqliteCatalog(record: SqliteCatalogRecord, pollMs = CATALOG_POLL_MS): SqliteCatalogWatch {
  const feed = new Fanout<"catalog", CatalogChanges>();
  let seen = record.version();
  let timer: ReturnType<typeof setInterval> | undefined;

  const announceIfChanged = () => {
    if (!feed.has("catalog")) return;
    const version = record.version();
    if (version === seen) return;
    const changes = record.since(seen);
    seen = version;
    feed.emit("catalog", changes);
  };

  const poll = () => {
    try {
      announceIfChanged();
    } catch (error) {
      // A closed or briefly locked database: the next poll tries again.
      log.error("store.catalog_poll_failed", "The catalogue poll failed", error);
    }
  };

  return {
    subscribe(onChange, onListening) {
      if (!feed.has("catalog")) {
        seen = record.version();
        timer = setInterval(poll, pollMs);
        timer.unref?.();
      }
      const unsubscribe = feed.subscribe("catalog", onChange);
      // Every change after `seen` is announced to this subscriber.
      onListening?.(seen);
      return () => {
        unsubscribe();
        if (!feed.has("catalog")) clearInterval(timer);
      };
    },
    announceLocalWrite: announceIfChanged,
    close() {
      clearInterval(timer);
      feed.clear();
    },
  };
}
