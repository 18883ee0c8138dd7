/**
 * A guest's new order link and an order's live revision on SQLite
 * (OrderStore.addOrderLink, watchOrder). A link is one IMMEDIATE
 * transaction: the order's token hashes (../rules/order-links.ts) and the
 * email that carries it. The revision is polled each second for the orders
 * some page follows (one indexed read of all of them), so a step taken
 * through any connection to the file is heard; the poll runs only while an
 * order is followed. Arguments arrive parsed (validating-store.ts).
 */
import { log } from "@/lib/log";
import { StoreError } from "../contract/errors";
import type { OrderLinkInput } from "../contract/orders";
import type { OrderStore } from "../contract/order-store";
import { linkMessageId, orderWithLink } from "../rules/order-links";
import { revisionFeed } from "../revision-feed";
import type { SqliteContext } from "./context";
import { toOrder, toOrderRow, type OrderRow } from "./order-rows";
import { outboxWriter } from "./outbox";

/** How often the followed orders' revisions are read. */
const ORDER_POLL_MS = 1_000;

export function sqliteOrderLinks({ db, run, cartClock, onClose }: SqliteContext): Pick<OrderStore, "addOrderLink" | "watchOrder"> {
  const sql = {
    order: db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE id = ?"),
    setLinks: db.prepare("UPDATE orders SET guest_token_hash = @guest_token_hash, guest_link_hashes = @guest_link_hashes WHERE id = @id"),
    revision: db.prepare<[string], { revision: number }>("SELECT revision FROM orders WHERE id = ?"),
  };
  const writeEmail = outboxWriter(db);

  const linkTx = db.transaction((orderId: string, input: OrderLinkInput) => {
    const row = sql.order.get(orderId);
    if (!row) throw new StoreError("not_found", `No order with id ${orderId}`);
    const before = toOrder(row);
    const after = orderWithLink(before, input);
    if (after !== before) {
      const { id, guest_token_hash, guest_link_hashes } = toOrderRow(after);
      sql.setLinks.run({ id, guest_token_hash, guest_link_hashes });
    }
    writeEmail(orderId, linkMessageId(orderId), input.email(after), cartClock());
  });

  const followed = new Map<string, (revision: number) => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const poll = () => {
    for (const [orderId, emit] of followed) {
      try {
        const found = sql.revision.get(orderId);
        if (found) emit(found.revision);
      } catch (error) {
        // A closed or briefly locked database: the next poll tries again.
        log.error("store.order_poll_failed", "An order's revision could not be read", error);
        return;
      }
    }
  };
  const feed = revisionFeed((orderId, emit) => {
    let last: number | null = null;
    const emitChange = (revision: number) => {
      if (revision === last) return;
      last = revision;
      emit(revision);
    };
    followed.set(orderId, emitChange);
    if (!timer) {
      timer = setInterval(poll, ORDER_POLL_MS);
      timer.unref?.();
    }
    // The revision now, once the subscriber has its unsubscribe.
    queueMicrotask(() => {
      if (followed.get(orderId) !== emitChange) return;
      try {
        const found = sql.revision.get(orderId);
        if (found) emitChange(found.revision);
      } catch (error) {
        log.error("store.order_poll_failed", "An order's revision could not be read", error);
      }
    });
    return () => {
      followed.delete(orderId);
      if (followed.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  });
  onClose(() => {
    feed.close();
    clearInterval(timer);
  });

  return {
    addOrderLink: (orderId, input) => run(() => linkTx.immediate(orderId, input)),
    watchOrder: (orderId, onRevision) => feed.subscribe(orderId, onRevision),
  };
}
