/**
 * The SQLite feed of new orders (OrderStore.watchNewOrders). An order placed
 * through any connection to the file (this process, a second server process)
 * is found by polling the orders table's rowid, which SQLite raises with
 * each insert (orders are never deleted): one indexed read per interval, and
 * only while someone listens. The rowid is the order of commits, so no clock
 * is involved and no order is announced twice.
 */
import { log } from "@/lib/log";
import { Fanout } from "../feed";
import type { OrderStore } from "../contract/order-store";
import type { Unsubscribe } from "../contract/feeds";
import type { SqliteContext } from "./context";

/** How often new orders are looked for. */
const NEW_ORDERS_POLL_MS = 1_000;
/** The most announced by one poll; the rest follow at the next. */
const BATCH = 200;

interface SqliteNewOrdersWatch {
  subscribe(onPlaced: (orderIds: string[]) => void): Unsubscribe;
  close(): void;
}

function watchSqliteNewOrders({ db }: Pick<SqliteContext, "db">, pollMs = NEW_ORDERS_POLL_MS): SqliteNewOrdersWatch {
  const feed = new Fanout<"placed", string[]>();
  const lastRow = db.prepare<[], { seq: number | null }>("SELECT MAX(rowid) AS seq FROM orders");
  const newer = db.prepare<[number, number], { seq: number; id: string }>(
    "SELECT rowid AS seq, id FROM orders WHERE rowid > ? ORDER BY rowid LIMIT ?",
  );
  /** The last order announced (or present when the first subscriber came). */
  let seen = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const poll = () => {
    try {
      const rows = newer.all(seen, BATCH);
      if (rows.length === 0) return;
      seen = rows[rows.length - 1].seq;
      feed.emit(
        "placed",
        rows.map((row) => row.id),
      );
    } catch (error) {
      // A closed or briefly locked database: the next poll tries again.
      log.error("store.new_orders_poll_failed", "The new orders poll failed", error);
    }
  };

  return {
    subscribe(onPlaced) {
      if (!feed.has("placed")) {
        seen = lastRow.get()?.seq ?? 0;
        timer = setInterval(poll, pollMs);
        timer.unref?.();
      }
      const unsubscribe = feed.subscribe("placed", onPlaced);
      return () => {
        unsubscribe();
        if (!feed.has("placed")) clearInterval(timer);
      };
    },
    close() {
      clearInterval(timer);
      feed.clear();
    },
  };
}

/** The adapter's part: OrderStore.watchNewOrders over one poller per connection. */
export function sqliteNewOrders(context: SqliteContext): Pick<OrderStore, "watchNewOrders"> {
  const watch = watchSqliteNewOrders(context);
  context.onClose(() => watch.close());
  return {
    watchNewOrders: (onPlaced) => watch.subscribe(onPlaced),
  };
}
