/**
 * The payments page's action core (issue 40: pay on delivery is a method
 * the operator turns on or off), without the request, like
 * shipping-zones.ts: the caller, the form, the store and whether the shop
 * takes cards are arguments. The form carries the switch's revision; the
 * store refuses a change from an older one. Turning pay on delivery off is
 * refused while the shop takes no cards: shoppers would have no way to pay.
 * The answer is a notice code (payments-notice.ts).
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import { revisionSchema } from "@/lib/data/contract/fields";
import type { Store } from "@/lib/data/contract/store";
import { changedBy, refuseCaller, REFUSALS, type Caller } from "./guard";
import type { PaymentsNoticeCode } from "./payments-notice";

/** The form's field: a checkbox, posted "on" when ticked and absent when not. */
export const PAY_ON_DELIVERY_FIELD = "payOnDelivery";

export async function changePaymentsAs(
  caller: Caller,
  form: FormData,
  openStore: () => Promise<Store>,
  takesCards: () => boolean,
): Promise<PaymentsNoticeCode> {
  const refused = refuseCaller(caller);
  if (refused)
    return refused.error === REFUSALS.crossOrigin ? "cross-origin" : refused.error === REFUSALS.unavailable ? "unavailable" : "not-admin";
  const typed = form.get("revision");
  const revision = revisionSchema.safeParse(typeof typed === "string" && typed !== "" ? Number(typed) : Number.NaN);
  const ticked = form.get(PAY_ON_DELIVERY_FIELD);
  if (!revision.success || (ticked !== null && ticked !== "on")) return "not-a-form";
  const on = ticked === "on";
  if (!on && !takesCards()) return "no-cards";
  try {
    await (await openStore()).setPayOnDelivery(on, revision.data, changedBy(caller));
    return on ? "on-saved" : "off-saved";
  } catch (error) {
    if (isStoreError(error, "conflict")) return "conflict";
    if (isStoreError(error, "unavailable")) {
      log.warn("admin.payments_store_unavailable", "The payment settings could not be saved: the store is unavailable", undefined, error);
      return "unavailable";
    }
    throw error;
  }
}
