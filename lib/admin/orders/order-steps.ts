/**
 * The steps the order desk offers and the form that takes one. Pure: which
 * steps an order's state allows (the rules of ORDER_STEPS in
 * lib/data/order-types.ts, which the store enforces again in its
 * transaction), what each is called, and the step form read with zod.
 * Anything malformed in a form is an answer in words, never a throw.
 */
import { z } from "zod";
import type { FulfilmentState, Order, PaymentState, ReturnState } from "@/lib/data/order-types";
import { idSchema, revisionSchema } from "@/lib/data/validation";

/** The steps an admin takes (request_return is the shopper's own), in the order the desk lists them. */
export const DESK_STEPS = ["ship", "deliver", "cancel", "record_payment", "refund", "accept_return", "refuse_return"] as const;
export type DeskStep = (typeof DESK_STEPS)[number];

/** Most characters a tracking number may have. */
export const TRACKING_NUMBER_MAX = 64;

export type OrderState = Pick<Order, "fulfilment" | "payment" | "returnState">;

/** Whether `step` may be taken from `order`'s state now. */
const ALLOWED: Record<DeskStep, (order: OrderState) => boolean> = {
  ship: (order) => order.fulfilment === "placed",
  deliver: (order) => order.fulfilment === "shipped",
  cancel: (order) => order.fulfilment === "placed",
  // Pay on delivery: the payment is recorded at or after delivery.
  record_payment: (order) => order.payment === "due" && order.fulfilment === "delivered",
  refund: (order) => order.payment === "paid",
  accept_return: (order) => order.returnState === "requested",
  refuse_return: (order) => order.returnState === "requested",
};

/** The steps an admin may take from `order`'s current state, in DESK_STEPS order. */
export function allowedSteps(order: OrderState): DeskStep[] {
  return DESK_STEPS.filter((step) => ALLOWED[step](order));
}

/** Each step's button. */
export const STEP_LABELS: Record<DeskStep, string> = {
  ship: "Mark shipped",
  deliver: "Mark delivered",
  cancel: "Cancel order",
  record_payment: "Record payment",
  refund: "Record refund",
  accept_return: "Accept return",
  refuse_return: "Refuse return",
};

/** What the desk says once a step is taken. */
export const STEP_DONE: Record<DeskStep, string> = {
  ship: "Marked shipped; the shopper is emailed the tracking number.",
  deliver: "Marked delivered; the shopper is emailed.",
  cancel: "Cancelled; its stock is given back and the shopper is emailed.",
  record_payment: "Payment recorded; the shopper is emailed.",
  refund: "Refund recorded; the shopper is emailed.",
  accept_return: "Return accepted; its stock is given back and the shopper is emailed.",
  refuse_return: "Return refused; the shopper is emailed.",
};

/** How each state reads on the desk. */
export const FULFILMENT_LABELS: Record<FulfilmentState, string> = {
  placed: "Placed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
export const PAYMENT_LABELS: Record<PaymentState, string> = { due: "Payment due", paid: "Paid", refunded: "Refunded" };
export const RETURN_LABELS: Record<ReturnState, string> = {
  requested: "Return requested",
  returned: "Returned",
  refused: "Return refused",
};

export const STEP_FORM_MESSAGES = {
  notAnOrder: "This form does not name an order. Open the order from the desk and try again.",
  notAStep: "This form does not name a step the desk offers. Open the order again and choose one of its buttons.",
  trackingRequired: "Enter the tracking number.",
  trackingTooLong: `The tracking number must be at most ${TRACKING_NUMBER_MAX} characters.`,
  trackingCharacters: "The tracking number may only contain letters, digits, spaces and - _ . / #.",
} as const;

/** A tracking number as a carrier prints it: letters, digits and a little punctuation, trimmed. */
const trackingNumberSchema = z
  .string()
  .trim()
  .min(1, STEP_FORM_MESSAGES.trackingRequired)
  .max(TRACKING_NUMBER_MAX, STEP_FORM_MESSAGES.trackingTooLong)
  .regex(/^[A-Za-z0-9 _.\/#-]+$/, STEP_FORM_MESSAGES.trackingCharacters);

/** A whole number as typed in a hidden field ("12"), else NaN so the revision schema refuses it. */
const revisionText = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN),
  revisionSchema,
);

const stepFormSchema = z.object({
  orderId: idSchema.min(1),
  revision: revisionText,
  step: z.enum(DESK_STEPS),
});

export interface StepFormFields {
  trackingNumber?: string;
}

type ParsedStepForm =
  | { ok: true; orderId: string; revision: number; step: DeskStep; note: string }
  | { ok: false; error: string; fieldErrors: StepFormFields; trackingNumber: string };

/** One field's text (a File or a missing field reads as ""). */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The step a desk form asks for: the order's id, the revision the page showed
 * (the step is refused if the order moved since), the step, and for `ship`
 * its tracking number, which becomes the step's note (every other step's
 * note is ""). The tracking number as typed comes back with a refusal.
 */
export function parseStepForm(form: FormData): ParsedStepForm {
  const trackingNumber = text(form, "trackingNumber").slice(0, 1000);
  const head = stepFormSchema.safeParse({ orderId: text(form, "orderId"), revision: text(form, "revision"), step: text(form, "step") });
  if (!head.success) {
    const notAStep = head.error.issues.every((issue) => issue.path[0] === "step");
    return { ok: false, error: notAStep ? STEP_FORM_MESSAGES.notAStep : STEP_FORM_MESSAGES.notAnOrder, fieldErrors: {}, trackingNumber };
  }
  const { orderId, revision, step } = head.data;
  if (step !== "ship") return { ok: true, orderId, revision, step, note: "" };
  const tracking = trackingNumberSchema.safeParse(trackingNumber);
  if (!tracking.success) {
    const message = tracking.error.issues[0]?.message ?? STEP_FORM_MESSAGES.trackingRequired;
    return { ok: false, error: message, fieldErrors: { trackingNumber: message }, trackingNumber };
  }
  return { ok: true, orderId, revision, step, note: tracking.data };
}

/** The steps that give an order's stock back (a cancel, an accepted return). */
const STEPS_GIVING_STOCK_BACK: ReadonlySet<DeskStep> = new Set<DeskStep>(["cancel", "accept_return"]);

/**
 * The products whose pages a step may change (their "Only N left" or "Out of
 * stock", lib/data/stock-shown.ts): the order's lines' when the step gives
 * stock back, none otherwise.
 */
export function productsRestockedBy(step: DeskStep, order: { lines: readonly { productId: string }[] }): string[] {
  return STEPS_GIVING_STOCK_BACK.has(step) ? [...new Set(order.lines.map((line) => line.productId))] : [];
}
