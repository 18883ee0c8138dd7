/**
 * A card order whose payment lapsed (expired or failed: its stock already
 * given back) and was not paid again within LAPSED_CARD_ORDER_DAYS is
 * cancelled, by "system", and its shopper emailed the cancellation, as a
 * desk cancel would (DECISIONS "Money"). Run once a day by the cron route
 * (app/api/cron/lapsed-orders/route.ts). Reads the lapsed orders through the
 * desk's own filter (by payment state, newest first, by page); an order
 * that moved meanwhile is left for the next run.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { stepEmail } from "./emails";

/** How long a lapsed card payment waits to be paid again before its order is cancelled. */
export const LAPSED_CARD_ORDER_DAYS = 3;
const LAPSED_MS = LAPSED_CARD_ORDER_DAYS * 24 * 60 * 60 * 1000;
const PAGE = 100;

/** Cancels every card order lapsed for longer than LAPSED_CARD_ORDER_DAYS at `now`; how many. */
export async function cancelLapsedCardOrders(store: Pick<Store, "listOrders" | "takeOrderStep">, now = Date.now()): Promise<number> {
  let cancelled = 0;
  for (const payment of ["expired", "failed"] as const) {
    let after: string | null = null;
    do {
      // The desk's own filter shape (one state: its index exists); only a placed order can be cancelled.
      const page = await store.listOrders({ fulfilment: null, payment, returnState: null, query: "", limit: PAGE, after });
      for (const order of page.orders) {
        const lapsedAt = order.history.at(-1)?.at ?? order.placedAt;
        if (order.paymentMethod !== "card" || order.fulfilment !== "placed" || now - lapsedAt < LAPSED_MS) continue;
        try {
          await store.takeOrderStep(order.id, {
            step: "cancel",
            expectedRevision: order.revision,
            by: "system",
            note: "",
            email: stepEmail("cancel"),
          });
          cancelled += 1;
        } catch (error) {
          // Paid again, or cancelled by the desk, since the page was read: the next run sees it as it is.
          if (!isStoreError(error, "conflict")) throw error;
          log.info("orders.lapsed_order_moved", "A lapsed card order moved before it was cancelled", { orderId: order.id });
        }
      }
      after = page.next;
    } while (after);
  }
  return cancelled;
}
