/**
 * The embedded default: one SQLite file in WAL mode through better-sqlite3,
 * one module per concern over a shared connection (context.ts). Bare: it
 * trusts its arguments, so only store.ts (behind the validation door) and the
 * adapter's own tests open it.
 */
import type { StoreOptions } from "../contract/store";
import type { Store } from "../contract/store";
import { sqliteAddressBook } from "./address-book";
import { sqliteCarts } from "./carts";
import { sqliteCatalog } from "./catalog";
import { sqliteCatalogPages } from "./catalog-pages";
import { openSqliteContext } from "./context";
import { sqliteNewOrders } from "./new-orders-watch";
import { sqliteOrderLinks } from "./order-links";
import { sqliteCardSessions } from "./card-sessions";
import { sqliteOrders } from "./orders";
import { sqliteOutbox } from "./outbox";
import { sqliteSessions } from "./sessions";
import { sqlitePaymentSettings } from "./payment-settings";
import { sqliteShipping } from "./shipping";
import { sqliteDiscounts } from "./discounts";
import { sqliteSales } from "./sales";
import { sqliteUsers } from "./users";

export function openSqliteAdapter(path: string, options: StoreOptions = {}): Store {
  const context = openSqliteContext(path, options);
  const { notifyCart, ...carts } = sqliteCarts(context);
  const ping = context.db.prepare<[], { one: number }>("SELECT 1 AS one FROM products LIMIT 1");
  return {
    kind: "sqlite",
    ...sqliteCatalog(context),
    ...sqliteCatalogPages(context),
    ...carts,
    ...sqliteOrders(context, notifyCart),
    ...sqliteNewOrders(context),
    ...sqliteOrderLinks(context),
    ...sqliteCardSessions(context),
    ...sqliteOutbox(context),
    ...sqliteUsers(context),
    ...sqliteAddressBook(context),
    ...sqliteSessions(context),
    ...sqliteShipping(context),
    ...sqlitePaymentSettings(context),
    ...sqliteDiscounts(context),
    ...sqliteSales(context),
    // Reads the file (at most one row), so a broken database shows.
    ping: () =>
      context.run(() => {
        ping.get();
      }),
    close: async () => context.close(),
  };
}
