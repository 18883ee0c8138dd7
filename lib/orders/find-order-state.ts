/**
 * What "find my order" (/find-order) answers, in the shopper's words: the
 * form's state, which the server action returns and the client form shows,
 * and the codes that carry it through a redirect after a post without
 * JavaScript (only codes travel in the URL, never what was typed). Pure and
 * serializable: both sides import it.
 */

export const FIND_ORDER_FIELDS = { email: "email", reference: "reference" } as const;

export const FIND_ORDER_MESSAGES = {
  // The same answer whether or not such an order exists: the page never says which.
  sent: "If an order with that reference was placed with that email address, a new link to it is on its way there. It can take a few minutes to arrive; the links you had keep working.",
  email: "Enter the email address the order was placed with, like name@example.com.",
  reference: "Enter the order's reference from your confirmation email: 12 letters and digits, like K7PM-2QX9-HT4D.",
  limited: "Too many requests for order links in a short time. Please try again later.",
  unavailable: "The shop is briefly unavailable, so no link was sent. Please try again in a moment.",
} as const;

export type FindOrderState =
  | { kind: "sent"; message: string }
  | { kind: "invalid"; errors: Partial<Record<keyof typeof FIND_ORDER_FIELDS, string>>; values: { email: string; reference: string } }
  | { kind: "refused"; message: string; values: { email: string; reference: string } };

type NoticeCode = "sent" | "email" | "reference" | "limited" | "unavailable";

/** The code a redirect carries for `state`. */
export function findOrderNotice(state: FindOrderState): NoticeCode {
  if (state.kind === "sent") return "sent";
  if (state.kind === "invalid") return state.errors.email ? "email" : "reference";
  return state.message === FIND_ORDER_MESSAGES.unavailable ? "unavailable" : "limited";
}

const EMPTY = { email: "", reference: "" };

/** The state a redirect's code stands for; null for none or an unknown one. */
export function findOrderStateOf(code: unknown): FindOrderState | null {
  switch (code) {
    case "sent":
      return { kind: "sent", message: FIND_ORDER_MESSAGES.sent };
    case "email":
    case "reference":
      return { kind: "invalid", errors: { [code]: FIND_ORDER_MESSAGES[code] }, values: EMPTY };
    case "limited":
    case "unavailable":
      return { kind: "refused", message: FIND_ORDER_MESSAGES[code], values: EMPTY };
    default:
      return null;
  }
}
