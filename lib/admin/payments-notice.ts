/** The payments page's answers in words, by code (page-notices.ts). */
import { GUARD_NOTICES, noticeReader, type PageNotice } from "./page-notices";

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
  ...GUARD_NOTICES,
} as const satisfies Record<string, PageNotice>;

export type PaymentsNoticeCode = keyof typeof NOTICES;

export const paymentsNotice = noticeReader(NOTICES);
