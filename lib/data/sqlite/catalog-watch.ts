/**
 * The SQLite catalogue feed. A write made through this store is announced at
 * once; a write made through another connection (the seed or import script,
 * a second server process on the same file) is found by polling the
 * catalogue's change counter (migration 3: bumped by a trigger on every
 * products write), one single-row read per interval, and only while someone
 * listens. Without it a long-lived catalogue cache would keep showing what
 * another process replaced until its lifetime ran out.
 */
import type Database from "better-sqlite3";
import { Fanout } from "../feed";
import type { Unsubscribe } from "../types";

/** How often another connection's catalogue writes are looked for. */
export const CATALOG_POLL_MS = 1_000;

export interface SqliteCatalogWatch {
  /** The catalogue's change counter now (Store.getCatalogVersion): one single-row read. */
  version(): number;
  subscribe(onChange: () => void): Unsubscribe;
  /** After a catalogue write through this connection: announce it now, not at the next poll. */
  announceLocalWrite(): void;
  close(): void;
}

export function watchSqliteCatalog(db: Database.Database, pollMs = CATALOG_POLL_MS): SqliteCatalogWatch {
  const readVersion = db.prepare<[], { version: number }>("SELECT version FROM catalog_version WHERE id = 1");
  const current = () => readVersion.get()?.version ?? 0;
  const feed = new Fanout<"catalog", void>();
  let seen = current();
  let timer: ReturnType<typeof setInterval> | undefined;

  const announceIfChanged = () => {
    const version = current();
    if (version === seen) return;
    seen = version;
    feed.emit("catalog", undefined);
  };

  const poll = () => {
    try {
      announceIfChanged();
    } catch (error) {
      // A closed or briefly locked database: the next poll tries again.
      console.error("catalogue poll failed", error);
    }
  };

  return {
    version: current,
    subscribe(onChange) {
      if (!feed.has("catalog")) {
        seen = current();
        timer = setInterval(poll, pollMs);
        timer.unref?.();
      }
      const unsubscribe = feed.subscribe("catalog", onChange);
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
