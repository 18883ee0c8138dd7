import { connection } from "next/server";
import { answerStripeWebhook } from "@/lib/orders/stripe-webhook-answer";

/**
 * POST /api/stripe/webhook: Stripe's events about card payments, the only
 * word that moves a card order's money (lib/orders/stripe-webhook-answer.ts
 * says what it answers). The body is read raw: the signature is over its
 * exact bytes.
 */
export async function POST(request: Request): Promise<Response> {
  await connection();
  return answerStripeWebhook(request);
}
