/**
 * Where a new order's confirmation leaves the outbox: after the response
 * (next/server after()), so "Place order" never waits on SMTP. The outbox
 * entry was written in the order's transaction; a send that fails here is
 * retried by the outbox's own schedule (lib/email).
 */
import "server-only";
import { after } from "next/server";

/**
 * WIRING POINT for the coordinator: lib/email's `drainOutbox` is called here
 * once the email branch is merged, as
 *   after(() => drainOutbox().catch((error) => console.error(...)))
 * Until then the order's confirmation stays pending in the outbox (nothing
 * is sent, nothing is lost): the email's cron route drains it.
 */
export function sendOrderEmailsAfterResponse(orderId: string): void {
  after(() => {
    void orderId;
  });
}
