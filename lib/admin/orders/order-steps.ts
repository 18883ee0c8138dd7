/**
 * The steps the order desk offers and the form that takes one. Pure: which
 * steps an order's state allows and what each is called (both from the
 * order state table, lib/data/contract/order-states.ts, which the store
 * applies again in its transaction), and the step form read with zod.
 * Anything malformed in a form is an answer in words, never a throw.
 */
import { z } from "zod";
import {
  DESK_STEPS,
  FULFILMENT,
  PAYMENT,
  paymentWords,
  RETURN,
  STEPS,
  type DeskStep,
  type FulfilmentState,
  type PaymentState,
  type ReturnState,
} from "@/lib/data/contract/order-states";
import type { Order } from "@/lib/data/contract/orders";
import { idSchema, revisionSchema } from "@/lib/data/contract/fields";
import { openSteps } from "@/lib/data/rules/order-steps";

export { DESK_STEPS, type DeskStep };

/** Most characters a tracking number may have. */
export const TRACKING_NUMBER_MAX = 64;

export type OrderState = Pick<Order, "fulfilment" | "payment" | "paymentMethod" | "returnState" | "deliveredAt">;

/** The steps an admin may take from `order`'s current state, in the table's order. */
export function allowedSteps(order: OrderState, now = Date.now()): DeskStep[] {
  return openSteps("admin", order, now) as DeskStep[];
}

/** Each step's button, and what the desk says once it is taken: the table's words. */
export const stepButton = (step: DeskStep): string => STEPS[step].words.button;
export const stepDone = (step: DeskStep): string => STEPS[step].words.done;

/** How each state reads on the desk: the table's desk words. */
export const fulfilmentLabel = (state: FulfilmentState): string => FULFILMENT[state].desk;
export const paymentLabel = (state: PaymentState): string => PAYMENT[state].desk;
/** An order's payment on the desk, as its method reads it ("Paid by card"). */
export const orderPaymentLabel = (order: Pick<Order, "payment" | "paymentMethod">): string =>
  paymentWords(order.payment, order.paymentMethod, "desk");
export const returnLabel = (state: ReturnState): string => RETURN[state].desk;

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

/**
 * The products whose pages a step may change (their "Only N left" or "Out of
 * stock", lib/data/rules/stock-shown.ts): the order's lines' when the table
 * says the step gives stock back, none otherwise.
 */
export function productsRestockedBy(step: DeskStep, order: { lines: readonly { productId: string }[] }): string[] {
  return STEPS[step].givesStockBack ? [...new Set(order.lines.map((line) => line.productId))] : [];
}
