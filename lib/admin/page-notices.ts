/**
 * An admin settings page's answers in words, by code: its action answers
 * with a redirect to the page whose `?notice=` names one (post/redirect/get,
 * the same with and without JavaScript, as the order desk's step-notice.ts).
 * Only known codes travel in the URL, never free text. Each page lists its
 * own codes (shipping-notice.ts, discount-notice.ts, payments-notice.ts);
 * the guard's refusals are every page's.
 */
import { REFUSALS } from "./guard";

export interface PageNotice {
  ok: boolean;
  text: string;
}

/** The codes every admin action may answer with: refused by its guard (guard.ts). */
export const GUARD_NOTICES = {
  "not-admin": { ok: false, text: REFUSALS.notAdmin },
  "cross-origin": { ok: false, text: REFUSALS.crossOrigin },
  unavailable: { ok: false, text: REFUSALS.unavailable },
} as const satisfies Record<string, PageNotice>;

/** The reader of one page's codes: the sentence a `?notice=` code stands for; null for none or an unknown code. */
export function noticeReader<Code extends string>(notices: Record<Code, PageNotice>) {
  return (code: string | string[] | undefined): PageNotice | null => {
    const value = Array.isArray(code) ? code[0] : code;
    return value && Object.hasOwn(notices, value) ? notices[value as Code] : null;
  };
}
