/** The shipping page's answers in words, by code (page-notices.ts). */
import { GUARD_NOTICES, noticeReader, type PageNotice } from "./page-notices";

const NOTICES = {
  saved: { ok: true, text: "The zones were saved." },
  added: { ok: true, text: "The zone was added." },
  deleted: { ok: true, text: "The zone was deleted." },
  conflict: {
    ok: false,
    text: "The zones changed since you opened this page (another admin saved them), so your change was not saved. The page shows them as they are now: make your change again.",
  },
  "bad-amount": { ok: false, text: "Type each rate and free-over amount in dollars, like 5.00 (leave free-over empty for never)." },
  "bad-country": { ok: false, text: "Type the country as its two-letter code, like CA for Canada." },
  "bad-states": { ok: false, text: "Only a zone in the United States names states: type their two-letter codes, like AK, HI." },
  "bad-name": { ok: false, text: "Give each zone a name of at most 80 characters." },
  overlap: { ok: false, text: "An address would be in two zones: each state, and each whole country, may be in one zone only." },
  "last-zone": { ok: false, text: "The shop needs at least one shipping zone: add another before deleting this one." },
  "not-a-form": { ok: false, text: "This form could not be read. Open the shipping page again and try again." },
  ...GUARD_NOTICES,
} as const satisfies Record<string, PageNotice>;

export type ShippingNoticeCode = keyof typeof NOTICES;

export const shippingNotice = noticeReader(NOTICES);
