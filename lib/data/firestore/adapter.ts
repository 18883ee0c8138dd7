/**
 * Production storage: Cloud Firestore through firebase-admin (server only; the
 * security rules deny every browser), one module per concern over a shared
 * context (context.ts). Field names follow the spec (mapping.ts). One
 * snapshot listener per watched document or cart per process feeds every
 * subscriber. Bare: it trusts its arguments but for path safety (paths.ts),
 * so only store.ts (behind the validation door) and the adapter's own tests
 * open it.
 */
import type { Firestore } from "firebase-admin/firestore";
import type { Store } from "../contract/store";
import { firestoreAddressBook } from "./address-book";
import { firestoreCarts } from "./carts";
import { firestoreCatalog } from "./catalog";
import { firestoreCatalogPages } from "./catalog-pages";
import { firestoreContext, type FirestoreStoreOptions } from "./context";
import { COLLECTIONS } from "./mapping";
import { firestoreNewOrders } from "./new-orders-watch";
import { firestoreOrderLinks } from "./order-links";
import { firestoreCardSessions } from "./card-sessions";
import { firestoreOrders } from "./orders";
import { firestoreOutbox } from "./outbox";
import { firestoreSessions } from "./sessions";
import { firestorePaymentSettings } from "./payment-settings";
import { firestoreShipping } from "./shipping";
import { firestoreDiscounts } from "./discounts";
import { firestoreSales } from "./sales";
import { firestoreUsers } from "./users";

export function createFirestoreAdapter(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  const context = firestoreContext(db, options);
  return {
    kind: "firestore",
    ...firestoreCatalog(context),
    ...firestoreCatalogPages(context),
    ...firestoreCarts(context),
    ...firestoreUsers(context),
    ...firestoreAddressBook(context),
    ...firestoreSessions(context),
    ...firestoreOrders(context),
    ...firestoreNewOrders(context),
    ...firestoreOrderLinks(context),
    ...firestoreCardSessions(context),
    ...firestoreOutbox(context),
    ...firestoreShipping(context),
    ...firestorePaymentSettings(context),
    ...firestoreDiscounts(context),
    ...firestoreSales(context),
    // One fixed document, found or missing: one read, and no product data.
    ping: () =>
      context.guard(async () => {
        await db.collection(COLLECTIONS.health).doc("ping").get();
      }),
    close: () => context.close(),
  };
}
