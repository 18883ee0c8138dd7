/** The dashboard's settings form's answers in words, by code (../page-notices.ts). */
import { GUARD_NOTICES, noticeReader, type PageNotice } from "../page-notices";

const NOTICES = {
  saved: { ok: true, text: "Saved: the dashboard shows its days in the time zone and its low stock at the level you chose." },
  "bad-level": { ok: false, text: "The low-stock level must be a whole number from 0 to 1,000,000. Nothing was saved." },
  "bad-zone": { ok: false, text: "Choose a time zone from the list. Nothing was saved." },
  conflict: {
    ok: false,
    text: "The dashboard's settings changed since you opened this page (another admin saved them), so yours were not saved. The page shows them as they are now: make your change again.",
  },
  "not-a-form": { ok: false, text: "This form could not be read. Open the dashboard again and try again." },
  ...GUARD_NOTICES,
} as const satisfies Record<string, PageNotice>;

export type DashboardNoticeCode = keyof typeof NOTICES;

export const dashboardNotice = noticeReader(NOTICES);
