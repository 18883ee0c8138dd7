/**
 * What the order desk reads, each only with proof of an admin caller
 * (lib/admin/admin-proof.ts), checked before anything is read: a page of the
 * order list, and one order with its emails. Orders hold personal data, so
 * nothing here is cached: every read is the store's answer now.
 */
import "server-only";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Order } from "@/lib/data/contract/orders";
import type { OrderPage } from "@/lib/data/contract/order-store";
import type { OutboxEmail } from "@/lib/data/contract/outbox";
import { assertAdminProof, type AdminProof } from "../admin-proof";
import type { DeskStore } from "./desk-store";
import { orderListFilter, parseOrderListQuery, type OrderListQuery } from "./order-list";

interface OrderListView extends OrderListQuery, OrderPage {}

/**
 * The page of the list the URL's parameters (`?q=&state=&after=`) ask for. A
 * cursor the store refuses (made by another backend, or edited) shows the
 * first page.
 */
export async function readOrderList(
  admin: AdminProof,
  params: Record<string, string | string[] | undefined>,
  openStore: () => Promise<DeskStore>,
): Promise<OrderListView> {
  assertAdminProof(admin);
  const list = parseOrderListQuery(params);
  const store = await openStore();
  try {
    return { ...list, ...(await store.listOrders(orderListFilter(list))) };
  } catch (error) {
    if (!isStoreError(error, "invalid_input") || list.after === null) throw error;
    const first = { ...list, after: null };
    return { ...first, ...(await store.listOrders(orderListFilter(first))) };
  }
}

interface OrderRecord {
  /** null when no order has the id. */
  order: Order | null;
  /** Its emails in the outbox, oldest first. */
  emails: OutboxEmail[];
}

/** One order as stored now (its revision is the one the step forms carry) and its emails. */
export async function readOrderRecord(admin: AdminProof, id: string, openStore: () => Promise<DeskStore>): Promise<OrderRecord> {
  assertAdminProof(admin);
  const store = await openStore();
  try {
    const [order, emails] = await Promise.all([store.getOrder(id), store.listOrderEmails(id)]);
    return { order, emails: order ? emails : [] };
  } catch (error) {
    // A malformed id names no order; anything else is a real failure.
    if (!isStoreError(error, "invalid_input")) throw error;
    return { order: null, emails: [] };
  }
}

/** How many orders each read of an export takes (the most a page may). */
const EXPORT_PAGE_SIZE = 100;

/** The orders placed in [placedFrom, placedBefore), newest first, a page per read: what the orders export streams. */
export async function* readOrdersPlacedInPages(
  admin: AdminProof,
  range: { placedFrom: number; placedBefore: number },
  openStore: () => Promise<Pick<DeskStore, "listOrders">>,
): AsyncGenerator<Order[]> {
  assertAdminProof(admin);
  const store = await openStore();
  let after: string | null = null;
  do {
    const page: OrderPage = await store.listOrders({
      fulfilment: null,
      payment: null,
      returnState: null,
      query: "",
      limit: EXPORT_PAGE_SIZE,
      after,
      placedFrom: range.placedFrom,
      placedBefore: range.placedBefore,
    });
    yield page.orders;
    after = page.next;
  } while (after !== null);
}
