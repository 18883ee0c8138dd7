/**
 * GET /api/cron/lapsed-orders's answer: the cron routes' gate
 * (lib/security/cron-gate.ts), then cancelLapsedCardOrders; answers { cancelled },
 * or 503 when the store did not answer (the next run tries again). The
 * cancellations' emails leave after the answer.
 */
import "server-only";
import { log } from "@/lib/log";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/contract/errors";
import { cronAnswer, refuseCronCaller } from "@/lib/security/cron-gate";
import { cancelLapsedCardOrders } from "./lapsed-card-orders";
import { sendOrderEmailsAfterResponse } from "./send-after-response";

export async function answerCronLapsedOrders(request: Request): Promise<Response> {
  const refused = await refuseCronCaller(request);
  if (refused) return refused;
  try {
    const cancelled = await cancelLapsedCardOrders(await getStore());
    if (cancelled > 0) sendOrderEmailsAfterResponse();
    return cronAnswer({ cancelled }, 200);
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("orders.lapsed_sweep_unavailable", "Lapsed card orders wait: the store did not answer", undefined, error);
    return cronAnswer({ error: "The store did not answer; the next run tries again" }, 503);
  }
}
