/**
 * A card order's current Stripe Checkout Session on SQLite
 * (OrderStore.setCardSession): one IMMEDIATE transaction reads the order
 * and writes the column (../rules/card-session.ts). Arguments arrive parsed
 * (validating-store.ts).
 */
import { StoreError } from "../contract/errors";
import type { OrderStore } from "../contract/order-store";
import { orderWithCardSession } from "../rules/card-session";
import type { SqliteContext } from "./context";
import { toOrder, type OrderRow } from "./order-rows";

export function sqliteCardSessions({ db, run }: SqliteContext): Pick<OrderStore, "setCardSession"> {
  const sql = {
    order: db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE id = ?"),
    setSession: db.prepare("UPDATE orders SET card_session = ? WHERE id = ?"),
  };
  const setTx = db.transaction((orderId: string, sessionId: string) => {
    const row = sql.order.get(orderId);
    if (!row) throw new StoreError("not_found", `No order with id ${orderId}`);
    const before = toOrder(row);
    const after = orderWithCardSession(before, sessionId);
    if (after !== before) sql.setSession.run(sessionId, orderId);
  });
  return { setCardSession: (orderId, sessionId) => run(() => setTx.immediate(orderId, sessionId)) };
}
