/**
 * A shopper's return request (request_return in the order state table, lib/data/contract/order-states.ts): from the
 * order's page, by its owner only (the same access as the page), with a
 * reason, on the revision the page showed. The store refuses a step the
 * order's state no longer allows (conflict); the email telling the shopper
 * is written with the step.
 *
 * The reason is kept as one line, as the store keeps every note: what a
 * shopper types over several lines (Enter in the field) has each run of
 * white space (line breaks, tabs, U+2028) made one space; any other control
 * character is refused here, in words. A guest's token in the form opens the
 * order as its link does, so it counts as a look-up by token (the client's
 * limit, lib/security/rate-limit.ts) before the store is asked.
 */
import "server-only";
import { log } from "@/lib/log";
import { z } from "zod";
import { CONTROL_CHARS } from "@/lib/data/contract/fields";
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
  characters: "The reason holds characters the shop cannot keep (control characters). Write it as plain text.",
  closed: "A return can no longer be requested for this order (it changed since this page was shown). The page now shows its state.",
  unavailable: "The shop is briefly unavailable, so the return was not requested. Please try again in a moment.",
  notFound: "This order could not be found.",
} as const;

const reasonSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, RETURN_MESSAGES.reason)
      .max(RETURN_REASON_MAX, RETURN_MESSAGES.tooLong)
      .refine((value) => !CONTROL_CHARS.test(value), RETURN_MESSAGES.characters),
  );

export interface ReturnRequest {
  uid(): Promise<string | null>;
  store(): Promise<OrderingStore>;
  afterStep(orderId: string): void;
  /** Counts a look-up by a guest's token for this request's client: the refusal's words once limited, else null. */
  limitTokenLookup(): Promise<string | null>;
}

export async function requestReturnFromForm(request: ReturnRequest, form: FormData, now: number = Date.now()): Promise<ReturnFormState> {
  const rawReason = form.get("reason");
  const typed = typeof rawReason === "string" ? rawReason.slice(0, RETURN_REASON_MAX * 2) : "";
  const reason = reasonSchema.safeParse(typed);
  if (!reason.success) return { reason: typed, error: reason.error.issues[0]?.message ?? RETURN_MESSAGES.reason, done: false };
  const id = form.get("orderId");
  const rawToken = form.get("token");
  const token = typeof rawToken === "string" && rawToken !== "" ? rawToken : null;
  const revision = Number(form.get("revision"));
  if (token !== null) {
    const limited = await request.limitTokenLookup();
    if (limited) return { reason: typed, error: limited, done: false };
  }
  try {
    const store = await request.store();
    const found = typeof id === "string" ? await viewableOrder(store, id, token, await request.uid()) : null;
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
    // The form's own rule above keeps what the store keeps; a refusal here means they have drifted apart.
    if (isStoreError(error, "invalid_input")) {
      log.warn("orders.return_reason_refused", "The store refused a return reason the form had taken", undefined, error);
      return { reason: typed, error: RETURN_MESSAGES.characters, done: false };
    }
    if (isStoreError(error, "unavailable")) {
      log.warn("orders.return_store_unavailable", "A return could not be requested: the store is unavailable", undefined, error);
      return { reason: typed, error: RETURN_MESSAGES.unavailable, done: false };
    }
    throw error;
  }
}
