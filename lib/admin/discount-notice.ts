/** The discount codes page's answers in words, by code (page-notices.ts). */
import { GUARD_NOTICES, noticeReader, type PageNotice } from "./page-notices";

const NOTICES = {
  created: { ok: true, text: "The code was created." },
  disabled: { ok: true, text: "The code was disabled: no new order may use it." },
  enabled: { ok: true, text: "The code was enabled again." },
  exists: { ok: false, text: "A code with these letters exists already: choose another." },
  "bad-code": { ok: false, text: "Type the code as 3 to 32 letters, digits or dashes, like WELCOME-10." },
  "bad-value": { ok: false, text: "Type a percent from 1 to 100, or an amount in dollars like 5.00." },
  "bad-amount": { ok: false, text: "Type the minimum in dollars, like 25.00 (empty for none)." },
  "bad-uses": { ok: false, text: "Type the uses as a whole number of at least 1 (empty for no limit)." },
  "bad-dates": { ok: false, text: "Give the dates as on the form (year, month, day), the end after the start." },
  "not-found": { ok: false, text: "That code no longer exists. The page shows the codes as they are now." },
  "not-a-form": { ok: false, text: "This form could not be read. Open the discount codes page again and try again." },
  ...GUARD_NOTICES,
} as const satisfies Record<string, PageNotice>;

export type DiscountNoticeCode = keyof typeof NOTICES;

export const discountNotice = noticeReader(NOTICES);
