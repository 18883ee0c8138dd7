/**
 * The discount codes page's actions' core (DECISIONS "Money": the operator
 * creates codes, lists and disables them), without the request, like
 * shipping-zones.ts: the caller, the form and the store are arguments. Two
 * forms: create (the code, percent or amount, a minimum, dates, total and
 * per-email uses) and disable/enable (one code). Amounts are typed in
 * dollars and read into exact cents; dates are days (UTC), the end day
 * included. The answer is a notice code the page shows in words
 * (discount-notice.ts), so a plain form post is answered the same way.
 */
import "server-only";
import { log } from "@/lib/log";
import { discountCodeSchema, type NewDiscount } from "@/lib/data/contract/discounts";
import { isStoreError } from "@/lib/data/contract/errors";
import { centsOfDollars } from "@/lib/data/contract/money";
import type { Store } from "@/lib/data/contract/store";
import { changedBy, refuseCaller, REFUSALS, type Caller } from "./guard";
import type { DiscountNoticeCode } from "./discount-notice";

const DAY_MS = 86_400_000;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** A day typed as YYYY-MM-DD, as the start of that day (UTC) plus `days`; null for empty; undefined when it is no day. */
function day(typed: string, days: number): number | null | undefined {
  if (typed === "") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (!match) return undefined;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== typed ? undefined : at + days * DAY_MS;
}

/** A whole number of uses of at least 1; null for empty; undefined otherwise. */
function uses(typed: string): number | null | undefined {
  if (typed === "") return null;
  return /^\d{1,7}$/.test(typed) && Number(typed) >= 1 ? Number(typed) : undefined;
}

/** The code the create form describes, or the notice of what is wrong with it. */
function newDiscountOf(form: FormData): NewDiscount | DiscountNoticeCode {
  const code = discountCodeSchema.safeParse(text(form, "code"));
  if (!code.success) return "bad-code";
  const kind = text(form, "kind") === "amount" ? "amount" : "percent";
  const typedValue = text(form, "value").replace(/^\$|%$/g, "");
  const value = kind === "amount" ? centsOfDollars(typedValue) : /^\d{1,3}$/.test(typedValue) ? Number(typedValue) : null;
  if (value === null || value < 1 || (kind === "percent" && value > 100)) return "bad-value";
  const minimum = text(form, "minimum") === "" ? 0 : centsOfDollars(text(form, "minimum").replace(/^\$/, ""));
  if (minimum === null) return "bad-amount";
  const [maxUses, maxUsesPerEmail] = [uses(text(form, "maxUses")), uses(text(form, "maxUsesPerEmail"))];
  if (maxUses === undefined || maxUsesPerEmail === undefined) return "bad-uses";
  // The end day is included: the code ends at the start of the day after it.
  const [startsAt, endsAt] = [day(text(form, "starts"), 0), day(text(form, "ends"), 1)];
  if (startsAt === undefined || endsAt === undefined || (startsAt !== null && endsAt !== null && endsAt <= startsAt)) return "bad-dates";
  return { code: code.data, kind, value, minSubtotalCents: minimum, startsAt, endsAt, maxUses, maxUsesPerEmail };
}

/** Applies the posted form (its `intent`: create, disable, enable); the notice code of the answer. */
export async function changeDiscountsAs(caller: Caller, form: FormData, openStore: () => Promise<Store>): Promise<DiscountNoticeCode> {
  const refused = refuseCaller(caller);
  if (refused)
    return refused.error === REFUSALS.crossOrigin ? "cross-origin" : refused.error === REFUSALS.unavailable ? "unavailable" : "not-admin";
  const intent = text(form, "intent");
  try {
    const store = await openStore();
    if (intent === "create") {
      const discount = newDiscountOf(form);
      if (typeof discount === "string") return discount;
      await store.createDiscount(discount, changedBy(caller));
      return "created";
    }
    if (intent === "disable" || intent === "enable") {
      const code = discountCodeSchema.safeParse(text(form, "code"));
      if (!code.success) return "not-a-form";
      await store.setDiscountDisabled(code.data, intent === "disable", changedBy(caller));
      return intent === "disable" ? "disabled" : "enabled";
    }
    return "not-a-form";
  } catch (error) {
    if (isStoreError(error, "conflict")) return "exists";
    if (isStoreError(error, "not_found")) return "not-found";
    if (isStoreError(error, "unavailable")) {
      log.warn("admin.discounts_store_unavailable", "A discount code could not be saved: the store is unavailable", undefined, error);
      return "unavailable";
    }
    throw error;
  }
}
