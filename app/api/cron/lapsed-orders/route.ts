import { connection } from "next/server";
import { answerCronLapsedOrders } from "@/lib/orders/cron-lapsed-orders";

/**
 * GET /api/cron/lapsed-orders: Vercel Cron's daily call that cancels the
 * card orders whose payment lapsed days ago (lib/orders/lapsed-card-orders.ts).
 * Per request (connection() first), so CRON_SECRET is read as the process
 * runs, as /api/cron/outbox does.
 */
export async function GET(request: Request): Promise<Response> {
  await connection();
  return answerCronLapsedOrders(request);
}
