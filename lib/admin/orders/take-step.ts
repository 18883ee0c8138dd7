/**
 * The order desk's step action's core, without the request, like
 * lib/admin/edit-product.ts: the caller (origin and session), the form and
 * the store are arguments, so the whole path runs in tests against a real
 * store. The caller must be an admin of this shop's own page (guard.ts);
 * the form names the order, the revision its page showed and the step.
 *
 * A step decided on an older revision (another admin, or the shopper's
 * return request, moved the order since) is refused in words and nothing is
 * written; the store checks the revision again inside its transaction, so
 * two admins acting at once cannot both pass. The shopper's email is written
 * to the outbox in the same transaction (lib/orders/emails.ts).
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Order } from "@/lib/data/contract/orders";
import { stepEmail } from "@/lib/orders/emails";
import { closeCardSession } from "@/lib/payments/close-card-session";
import { formatCents } from "@/lib/money";
import { askCardRefund } from "./card-refund";
import { isSameOrigin } from "@/lib/security/same-origin";
import { REFUSALS, adminStanding, changedBy, type Caller } from "../guard";
import type { DeskStore } from "./desk-store";
import { stepDone, allowedSteps, parseStepForm, type DeskStep, type StepFormFields } from "./order-steps";

type StepFailureReason = "conflict" | "not_found";

export type OrderStepResult =
  | { ok: true; step: DeskStep; message: string; order: Order }
  | { ok: false; error: string; fieldErrors: StepFormFields; trackingNumber: string; reason?: StepFailureReason };

export const ORDER_STEP_MESSAGES = {
  notAdmin: "Only a signed-in admin can change orders. Sign in again on the admin sign-in page.",
  notAForm: "Send the step with one of the order's forms.",
  conflict:
    "This order changed since you opened it, so nothing was done. The page now shows its current state: check it, then choose again.",
  notAllowed: "This step is not possible from the order's current state, so nothing was done.",
  notFound: "No order has this id.",
  notRecorded: "The step could not be recorded. Please try again.",
} as const;

/** The refusal for a caller who may not change orders, or null. */
function refusal(caller: Caller): string | null {
  if (!isSameOrigin(caller.origin, caller.host, caller.forwardedHost)) return REFUSALS.crossOrigin;
  const standing = adminStanding(caller.user);
  if (standing === "unavailable") return REFUSALS.unavailable;
  if (standing === "not_admin") return ORDER_STEP_MESSAGES.notAdmin;
  return null;
}

/** Takes the step the form asks for, as `caller`; every refusal writes nothing. */
export async function takeOrderStepAs(caller: Caller, form: unknown, openStore: () => Promise<DeskStore>): Promise<OrderStepResult> {
  const refused = refusal(caller);
  if (refused) return { ok: false, error: refused, fieldErrors: {}, trackingNumber: "" };
  // Only real FormData: a decoded object could carry a server reference as its `get`.
  if (!(form instanceof FormData)) return { ok: false, error: ORDER_STEP_MESSAGES.notAForm, fieldErrors: {}, trackingNumber: "" };
  const parsed = parseStepForm(form);
  if (!parsed.ok) return parsed;
  const { orderId, revision, step, note } = parsed;
  const failed = (error: string, reason?: StepFailureReason) => ({
    ok: false as const,
    error,
    fieldErrors: {},
    trackingNumber: note,
    reason,
  });
  try {
    const store = await openStore();
    const order = await store.getOrder(orderId);
    if (!order) return failed(ORDER_STEP_MESSAGES.notFound, "not_found");
    if (order.revision !== revision) return failed(ORDER_STEP_MESSAGES.conflict, "conflict");
    if (!allowedSteps(order).includes(step)) return failed(ORDER_STEP_MESSAGES.notAllowed, "conflict");
    // A refund by card is asked of Stripe first; the step records it (pending until Stripe's webhook says more).
    const refund = step === "refund_by_card" ? await askCardRefund(order, form) : null;
    if (refund && !refund.ok) return failed(refund.error);
    const moved = await store
      .takeOrderStep(orderId, {
        step,
        expectedRevision: revision,
        by: changedBy(caller),
        note: refund ? formatCents(refund.amountCents) : note,
        email: stepEmail(step),
        ...(refund ? { refund: { id: refund.id, amountCents: refund.amountCents } } : {}),
      })
      .catch(async (error: unknown) => {
        // The same form sent again, or Stripe's webhook recorded the refund first: it is recorded, which is what was asked.
        const now = refund && isStoreError(error, "conflict") ? await store.getOrder(orderId) : null;
        if (refund && now?.cardRefunds.some((entry) => entry.id === refund.id)) return now;
        throw error;
      });
    // A cancelled card order's payment page is closed, so nobody pays for an order that will not come.
    if (step === "cancel") await closeCardSession(moved);
    return { ok: true, step, message: stepDone(step), order: moved };
  } catch (error) {
    if (isStoreError(error, "conflict")) return failed(ORDER_STEP_MESSAGES.conflict, "conflict");
    if (isStoreError(error, "not_found")) return failed(ORDER_STEP_MESSAGES.notFound, "not_found");
    if (isStoreError(error, "invalid_input") && error.fields.note) {
      return { ok: false, error: error.fields.note, fieldErrors: { trackingNumber: error.fields.note }, trackingNumber: note };
    }
    log.error("admin.order_step_failed", "Could not take an order step", error);
    return failed(ORDER_STEP_MESSAGES.notRecorded);
  }
}
