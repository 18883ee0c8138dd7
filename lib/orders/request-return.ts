/**
 * A shopper's return request (request_return in the order state table, lib/data/contract/order-states.ts): from the
 * order's page, by its owner only (the same access as the page), with a
 * reason, on the revision the page showed. The store refuses a step the
 * order's state no longer allows (conflict); the email telling the shopper
 * is written with the step.
 */
import "server-only";
import { log } from "@/lib/log";
import { z } from "zod";
import { isStoreError } from "@/lib/data/contract/errors";
import { stepEmail } from "./emails";
import { RETURN_REASON_MAX, returnOpen } from "./order-labels";
import type { OrderingStore } from "./ordering-store";
import { viewableOrder } from "./viewable-order";

export interface ReturnFormState {
  reason: string;
  error: string | null;
  done: boolean;
}

export const RETURN_MESSAGES = {
  reason: "Tell us why you are returning the order.",
  tooLong: `Keep the reason to ${RETURN_REASON_MAX} characters.`,
  closed: "A return can no longer be requested for this order (it changed since this page was shown). The page now shows its state.",
  unavailable: "The shop is briefly unavailable, so the return was not requested. Please try again in a moment.",
  notFound: "This order could not be found.",
} as const;

const reasonSchema = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, RETURN_MESSAGES.reason)
      .max(RETURN_REASON_MAX, RETURN_MESSAGES.tooLong)
      .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(value), RETURN_MESSAGES.reason),
  );

export interface ReturnRequest {
  uid(): Promise<string | null>;
  store(): Promise<OrderingStore>;
  afterStep(orderId: string): void;
}

export async function requestReturnFromForm(request: ReturnRequest, form: FormData, now: number = Date.now()): Promise<ReturnFormState> {
  const rawReason = form.get("reason");
  const typed = typeof rawReason === "string" ? rawReason.slice(0, RETURN_REASON_MAX * 2) : "";
  const reason = reasonSchema.safeParse(typed);
  if (!reason.success) return { reason: typed, error: reason.error.issues[0]?.message ?? RETURN_MESSAGES.reason, done: false };
  const id = form.get("orderId");
  const token = form.get("token");
  const revision = Number(form.get("revision"));
  try {
    const store = await request.store();
    const found =
      typeof id === "string"
        ? await viewableOrder(store, id, typeof token === "string" && token !== "" ? token : null, await request.uid())
        : null;
    if (!found) return { reason: typed, error: RETURN_MESSAGES.notFound, done: false };
    const { order } = found;
    if (!Number.isInteger(revision) || revision !== order.revision || !returnOpen(order, now))
      return { reason: typed, error: RETURN_MESSAGES.closed, done: false };
    await store.takeOrderStep(order.id, {
      step: "request_return",
      expectedRevision: revision,
      by: "shopper",
      note: reason.data,
      email: stepEmail("request_return"),
    });
    request.afterStep(order.id);
    return { reason: "", error: null, done: true };
  } catch (error) {
    if (isStoreError(error, "conflict")) return { reason: typed, error: RETURN_MESSAGES.closed, done: false };
    if (isStoreError(error, "unavailable")) {
      log.warn("orders.return_store_unavailable", "A return could not be requested: the store is unavailable", undefined, error);
      return { reason: typed, error: RETURN_MESSAGES.unavailable, done: false };
    }
    throw error;
  }
}
