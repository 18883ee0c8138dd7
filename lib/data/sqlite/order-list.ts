/**
 * The desk's list of orders on SQLite (OrderStore.listOrders): newest first,
 * filtered by one state, a reference or an email, and a range of placed
 * times, paged by cursor; each filter on an index of its own (later-migrations.ts).
 */
import type Database from "better-sqlite3";
import type { OrderListFilter } from "../contract/order-list-filter";
import type { OrderPage } from "../contract/order-store";
import { emailKey, looksLikeReference, referenceKey } from "../rules/order-rules";
import { decodePageCursor, encodePageCursor, isTimeIdPosition } from "../rules/page-cursor";
import { toOrder, type OrderRow } from "./order-rows";

export const NEWEST = "ORDER BY placed_at DESC, id ASC";

export function orderLister(db: Database.Database): (filter: OrderListFilter) => OrderPage {
  return (filter: OrderListFilter): OrderPage => {
    const where: string[] = [];
    const args: Record<string, unknown> = { limit: filter.limit + 1 };
    const add = (condition: string, name: string, value: unknown) => {
      where.push(condition);
      args[name] = value;
    };
    if (filter.fulfilment) add("fulfilment = @fulfilment", "fulfilment", filter.fulfilment);
    if (filter.payment) add("payment = @payment", "payment", filter.payment);
    if (filter.returnState) add("return_state = @returnState", "returnState", filter.returnState);
    if (filter.query !== "") {
      if (looksLikeReference(filter.query)) add("reference_key = @ref", "ref", referenceKey(filter.query));
      else add("email_key = @email", "email", emailKey(filter.query));
    }
    if (filter.placedFrom !== undefined) add("placed_at >= @placedFrom", "placedFrom", filter.placedFrom);
    if (filter.placedBefore !== undefined) add("placed_at < @placedBefore", "placedBefore", filter.placedBefore);
    if (filter.after !== null) {
      const [at, id] = decodePageCursor(filter.after, isTimeIdPosition);
      add("(placed_at < @at OR (placed_at = @at AND id > @id))", "at", at);
      args.id = id;
    }
    const rows = db
      .prepare<[Record<string, unknown>], OrderRow>(
        `SELECT * FROM orders ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""} ${NEWEST} LIMIT @limit`,
      )
      .all(args);
    const orders = rows.slice(0, filter.limit).map(toOrder);
    const last = orders.at(-1);
    return { orders, next: rows.length > filter.limit && last ? encodePageCursor([last.placedAt, last.id]) : null };
  };
}
