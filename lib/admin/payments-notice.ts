/**
 * The payments page's answers in words, by code: an action answers with a
 * redirect to the page whose `?notice=` names one (post/redirect/get, the
 * same with and without JavaScript, as shipping-notice.ts). Only known codes
 * travel in the URL, never free text.
 */
import { REFUSALS } from "./guard";

const NOTICES = {
  "on-saved": { ok: true, text: "Pay on delivery is offered: shoppers may choose it at checkout." },
  "off-saved": {
    ok: true,
    text: "Pay on delivery is turned off: shoppers pay by card. Orders already placed to be paid on delivery are kept as they are.",
  },
  "no-cards": {
    ok: false,
    text: "Pay on delivery was not turned off: the shop takes no cards (it has no Stripe keys), so shoppers would have no way to pay.",
  },
  conflict: {
    ok: false,
    text: "The payment settings changed since you opened this page (another admin saved them), so your change was not saved. The page shows them as they are now: make your change again.",
  },
  "not-a-form": { ok: false, text: "This form could not be read. Open the payments page again and try again." },
  "not-admin": { ok: false, text: REFUSALS.notAdmin },
  "cross-origin": { ok: false, text: REFUSALS.crossOrigin },
  unavailable: { ok: false, text: REFUSALS.unavailable },
} as const satisfies Record<string, { ok: boolean; text: string }>;

export type PaymentsNoticeCode = keyof typeof NOTICES;

/** The sentence a `?notice=` code stands for; null for none or an unknown code. */
export function paymentsNotice(code: string | string[] | undefined): { ok: boolean; text: string } | null {
  const value = Array.isArray(code) ? code[0] : code;
  return value && Object.hasOwn(NOTICES, value) ? NOTICES[value as PaymentsNoticeCode] : null;
}
