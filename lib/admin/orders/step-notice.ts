/**
 * A step's answer for a browser without JavaScript. A plain form post is
 * answered with a redirect to the order's page (post/redirect/get), whose
 * `?notice=` names the answer; the page shows its sentence in the same
 * status line the JavaScript form uses. (The page's re-render after a plain
 * post would not carry the form's state: Next resumes a prerendered shell
 * without it.) Only known codes travel in the URL, never free text.
 */
import "server-only";
import { REFUSALS } from "../guard";
import { DESK_STEPS, stepDone, STEP_FORM_MESSAGES, type DeskStep } from "./order-steps";
import { ORDER_STEP_MESSAGES, type OrderStepResult } from "./take-step";
import { REFUND_MESSAGES } from "./card-refund";

/** Every refusal a step can answer with, by code. */
const REFUSAL_TEXTS = {
  conflict: ORDER_STEP_MESSAGES.conflict,
  "not-allowed": ORDER_STEP_MESSAGES.notAllowed,
  "not-found": ORDER_STEP_MESSAGES.notFound,
  "not-recorded": ORDER_STEP_MESSAGES.notRecorded,
  "not-admin": ORDER_STEP_MESSAGES.notAdmin,
  "not-a-form": ORDER_STEP_MESSAGES.notAForm,
  "cross-origin": REFUSALS.crossOrigin,
  unavailable: REFUSALS.unavailable,
  "not-an-order": STEP_FORM_MESSAGES.notAnOrder,
  "not-a-step": STEP_FORM_MESSAGES.notAStep,
  "tracking-required": STEP_FORM_MESSAGES.trackingRequired,
  "tracking-too-long": STEP_FORM_MESSAGES.trackingTooLong,
  "tracking-characters": STEP_FORM_MESSAGES.trackingCharacters,
  "refund-nothing": REFUND_MESSAGES.nothing,
  "refund-no-cards": REFUND_MESSAGES.noCards,
  "refund-not-a-form": REFUND_MESSAGES.notAForm,
  "refund-refused": REFUND_MESSAGES.refused,
} as const;

export interface StepNotice {
  ok: boolean;
  text: string;
}

/** The code of a step's answer: "done-<step>", or the refusal's code ("not-recorded" for one it does not know). */
export function noticeCode(result: OrderStepResult): string {
  if (result.ok) return `done-${result.step}`;
  const found = Object.entries(REFUSAL_TEXTS).find(([, text]) => text === result.error);
  return found ? found[0] : "not-recorded";
}

/** The sentence a `?notice=` code stands for; null for none or an unknown code. */
export function noticeOf(code: string | string[] | undefined): StepNotice | null {
  const value = Array.isArray(code) ? code[0] : code;
  if (!value) return null;
  if (value.startsWith("done-")) {
    const step = value.slice("done-".length);
    return (DESK_STEPS as readonly string[]).includes(step) ? { ok: true, text: stepDone(step as DeskStep) } : null;
  }
  return Object.hasOwn(REFUSAL_TEXTS, value) ? { ok: false, text: REFUSAL_TEXTS[value as keyof typeof REFUSAL_TEXTS] } : null;
}

/**
 * Where a plain form post is sent after its step: the order's page with the
 * answer's code, or the desk's list when the form named no usable order.
 */
export function noticeHref(orderId: unknown, result: OrderStepResult): string {
  const id = result.ok ? result.order.id : typeof orderId === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(orderId) ? orderId : null;
  return id ? `/admin-entry/orders/${id}?notice=${noticeCode(result)}` : "/admin-entry/orders";
}
