/**
 * The whole storage contract: every concern's methods, composed. Every
 * adapter (SQLite, Firestore) implements `Store` and passes the same contract
 * suite in tests/store-contract. Nothing here knows about React, Next.js or
 * which backend runs.
 */
import type { AddressBookStore } from "./address-book";
import type { CartStore } from "./cart";
import type { DiscountStore } from "./discounts";
import type { CatalogPages, CatalogStore, CatalogUpkeep } from "./catalog-store";
import type { OrderStore, StockStore } from "./order-store";
import type { OutboxStore } from "./outbox";
import type { PaymentSettingsStore } from "./payment-settings";
import type { DashboardSettingsStore, SalesStore } from "./sales";
import type { SessionStore } from "./sessions";
import type { ShippingStore } from "./shipping";
import type { UserStore } from "./users";

export interface Store
  extends
    CatalogStore,
    CatalogPages,
    CatalogUpkeep,
    CartStore,
    UserStore,
    AddressBookStore,
    SessionStore,
    OrderStore,
    StockStore,
    OutboxStore,
    ShippingStore,
    PaymentSettingsStore,
    DiscountStore,
    SalesStore,
    DashboardSettingsStore {
  /** Which adapter this is, for logs and the health report. */
  readonly kind: "sqlite" | "firestore";
  /**
   * Proves the store answers, reading at most one document (the health
   * check); throws StoreError("unavailable") otherwise.
   */
  ping(): Promise<void>;
  /** Releases connections and listeners (tests, scripts, shutdown). */
  close(): Promise<void>;
}

/**
 * The time in milliseconds since the epoch. Carts run on one a store is
 * given (cart lines are stamped and expire by it), so a test can move time
 * on; Date.now otherwise.
 */
export type Clock = () => number;

/** What both stores' factories take besides their backend. */
export interface StoreOptions {
  /** The clock carts run on (default Date.now). */
  cartClock?: Clock;
}
