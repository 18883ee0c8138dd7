/**
 * Where an order's emails leave the outbox: after the response (next/server
 * after()), so "Place order" and a return request never wait on SMTP. The
 * outbox entry was written in the order's (or step's) transaction; a send
 * that fails is retried by the outbox's own schedule and its cron route.
 */
import "server-only";

/**
 * WIRING POINT for the coordinator, once the email branch (i28-email) is
 * merged: this function's body becomes
 *   sendOutboxAfterResponse();   // import { sendOutboxAfterResponse } from "@/lib/email/send-now";
 * Every caller (placeOrderFromForm through this-order-request.ts, the return
 * request's action and its page without JavaScript) already calls it after
 * a write. Until then nothing is sent here and nothing is lost: the email
 * stays pending in the outbox.
 */
export function sendOrderEmailsAfterResponse(orderId: string): void {
  void orderId;
}
