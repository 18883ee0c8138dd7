/**
 * The SQLite stock feed (StockStore.watchStock): stock_notices holds one row
 * per committed write that changed some product's shown stock (stock-notices.ts),
 * inserted by `record` inside that write's transaction; the newest
 * KEPT_STOCK_NOTICES are kept. A write through this connection is announced
 * at once (announceLocalWrite); one through another connection (a second
 * server process on the same file) is found by polling for rows after the
 * last one announced, one indexed read per interval, and only while someone
 * listens. Each row is announced once per connection.
 */
import { log } from "@/lib/log";
import type Database from "better-sqlite3";
import { Fanout } from "../feed";
import type { Unsubscribe } from "../contract/feeds";

/** How often another connection's stock notices are looked for. */
const STOCK_POLL_MS = 1_000;

/** How many notices the table keeps: far more than any poll interval sees written. */
const KEPT_STOCK_NOTICES = 1_000;

/** Reads at most this many notices per poll; the next poll reads on. */
const NOTICES_PER_POLL = 500;

interface NoticeRow {
  seq: number;
  product_ids: string;
}

interface SqliteStockNotices {
  /** Records a notice naming `productIds` (none when empty); call inside the write's transaction. */
  record(productIds: readonly string[], at: number): void;
  subscribe(onChange: (productIds: string[]) => void): Unsubscribe;
  /** After a stock write through this connection: announce its notice now, not at the next poll. */
  announceLocalWrite(): void;
  close(): void;
}

export function sqliteStockNotices(db: Database.Database, pollMs = STOCK_POLL_MS): SqliteStockNotices {
  const sql = {
    insert: db.prepare<[string, number], { seq: number }>("INSERT INTO stock_notices (product_ids, at) VALUES (?, ?) RETURNING seq"),
    prune: db.prepare<[number]>("DELETE FROM stock_notices WHERE seq <= ?"),
    newest: db.prepare<[], { seq: number }>("SELECT COALESCE(MAX(seq), 0) AS seq FROM stock_notices"),
    after: db.prepare<[number, number], NoticeRow>("SELECT seq, product_ids FROM stock_notices WHERE seq > ? ORDER BY seq LIMIT ?"),
  };
  const feed = new Fanout<"stock", string[]>();
  /** The last notice announced (or the newest when listening began). */
  let seen = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const announceNew = () => {
    if (!feed.has("stock")) return;
    for (const row of sql.after.all(seen, NOTICES_PER_POLL)) {
      seen = row.seq;
      feed.emit("stock", JSON.parse(row.product_ids) as string[]);
    }
  };

  const poll = () => {
    try {
      announceNew();
    } catch (error) {
      // A closed or briefly locked database: the next poll tries again.
      log.error("store.stock_poll_failed", "The stock notices poll failed", error);
    }
  };

  return {
    record(productIds, at) {
      if (productIds.length === 0) return;
      const { seq } = sql.insert.get(JSON.stringify(productIds), at)!;
      sql.prune.run(seq - KEPT_STOCK_NOTICES);
    },
    subscribe(onChange) {
      if (!feed.has("stock")) {
        seen = sql.newest.get()!.seq;
        timer = setInterval(poll, pollMs);
        timer.unref?.();
      }
      const unsubscribe = feed.subscribe("stock", onChange);
      return () => {
        unsubscribe();
        if (!feed.has("stock")) clearInterval(timer);
      };
    },
    announceLocalWrite: poll,
    close() {
      clearInterval(timer);
      feed.clear();
    },
  };
}
