"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requestCaller } from "@/lib/admin/request-caller";
import { openDeskStore } from "@/lib/admin/orders/desk-store";
import { productsRestockedBy } from "@/lib/admin/orders/order-steps";
import { noticeHref } from "@/lib/admin/orders/step-notice";
import { takeOrderStepAs, type OrderStepResult } from "@/lib/admin/orders/take-step";
import { expireStockShown } from "@/lib/catalog/stock-expiry";
import { sendOrderEmailsAfterResponse } from "@/lib/orders/send-after-response";

/**
 * The order desk's step action (ship, deliver, cancel, payment, refund,
 * return decisions). Trusts nothing from the browser: the admin session and
 * Origin are checked again here (proxy.ts is the first gate), the form's
 * revision must still be the order's, and the store checks both the
 * revision and the step's rule inside its transaction
 * (lib/admin/orders/take-step.ts). The step's email is in the outbox once
 * the step is recorded, and leaves it after the response (the admin never
 * waits on SMTP; a failed send is retried by the outbox's schedule). A step
 * that gives stock back expires its products' pages (lib/catalog/stock-expiry.ts).
 * A plain form post (no JavaScript: no Next-Action header) is answered with
 * the order's page and the answer's notice (lib/admin/orders/step-notice.ts).
 */
export async function takeOrderStepAction(_previous: OrderStepResult | null, form: FormData): Promise<OrderStepResult> {
  const result = await takeOrderStepAs(await requestCaller("order-step"), form, openDeskStore);
  if (result.ok) {
    sendOrderEmailsAfterResponse();
    // A cancel or accepted return gives stock back: the pages of its lines' products, here at once (every instance also hears it from the store's stock feed).
    expireStockShown(productsRestockedBy(result.step, result.order));
  }
  if (!(await headers()).has("next-action")) redirect(noticeHref(form instanceof FormData ? form.get("orderId") : null, result));
  return result;
}
