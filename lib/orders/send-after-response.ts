/**
 * Where an order's emails leave the outbox: after the response (lib/email's
 * sendOutboxAfterResponse, next/server after()), so "Place order" and a
 * return request never wait on SMTP. The outbox entry was written in the
 * order's (or step's) transaction; a send that fails is retried by the
 * outbox's own schedule and its cron route. Called once per write that
 * wrote an email: a new order (not a repeated submit), a return request, a
 * step on the order desk (lib/admin/orders/step-actions.ts), a step of
 * Stripe's webhook or a payment started again (card-webhook's answer,
 * pay-order.ts).
 */
import "server-only";
import { sendOutboxAfterResponse } from "@/lib/email/send-now";

export function sendOrderEmailsAfterResponse(): void {
  sendOutboxAfterResponse();
}
