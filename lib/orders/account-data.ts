/**
 * "Download my data" (the account page): what the shop holds about a
 * signed-in shopper, as one JSON document: the account as Firebase Auth
 * holds it, the saved addresses, and their orders (those placed signed in,
 * and the guest orders of their verified address) as the order page shows
 * them. Read at the moment asked; nothing is written.
 */
import "server-only";
import type { AccountProfile } from "@/lib/auth/firebase-account";
import type { SavedAddress } from "@/lib/data/contract/address-book";
import { LIMITS } from "@/lib/data/contract/limits";
import type { OrderingStore } from "./ordering-store";
import { orderSummary, type OrderSummary } from "./order-summary";

/** The most orders one download lists, newest first (the store's longest list). */
const ACCOUNT_DATA_ORDERS_MAX = LIMITS.listLimitMax;

export interface AccountData {
  exportedAt: string;
  account: { name: string; email: string; emailVerified: boolean };
  addresses: Array<Omit<SavedAddress, "createdAt"> & { savedAt: string }>;
  /** Newest first; at most ACCOUNT_DATA_ORDERS_MAX (`ordersNote` says so when there may be more). */
  orders: Array<OrderSummary & { placedAt: string }>;
  ordersNote: string | null;
}

export async function accountData(
  store: Pick<OrderingStore, "listAddresses" | "listShopperOrders">,
  uid: string,
  profile: AccountProfile,
  now: number,
): Promise<AccountData> {
  const verifiedEmail = profile.verified ? profile.email : null;
  const [addresses, orders] = await Promise.all([
    store.listAddresses(uid),
    store.listShopperOrders(uid, verifiedEmail, ACCOUNT_DATA_ORDERS_MAX),
  ]);
  return {
    exportedAt: new Date(now).toISOString(),
    account: { name: profile.name, email: profile.email, emailVerified: profile.verified },
    addresses: addresses.map(({ createdAt, ...entry }) => ({ ...entry, savedAt: new Date(createdAt).toISOString() })),
    orders: orders.map((order) => ({ ...orderSummary(order, "shopper"), placedAt: new Date(order.placedAt).toISOString() })),
    ordersNote:
      orders.length === ACCOUNT_DATA_ORDERS_MAX
        ? `Your newest ${ACCOUNT_DATA_ORDERS_MAX} orders are listed; write to the shop for the older ones.`
        : null,
  };
}
