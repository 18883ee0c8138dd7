"use server";

/**
 * The checkout's server action: the form's action (components/checkout),
 * with JavaScript. Placed, it expires the pages whose shown stock the order
 * changed and redirects to the order's page; refused, it
 * answers the form's state and refreshes the page, whose summary then shows
 * the store's figures of now and a new idempotency key.
 */
import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { expireStockShown } from "@/lib/catalog/stock-expiry";
import type { CheckoutFormState } from "./checkout-state";
import { locationAfterPlacing } from "./after-placing";
import { placeOrderFromForm } from "./place-order";
import { thisOrderRequest } from "./this-order-request";

export async function placeOrderAction(previous: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  const outcome = await placeOrderFromForm(thisOrderRequest, form);
  if (outcome.kind === "placed") {
    // The pages showing a product whose "Only N left" or "Out of stock" changed, here at once; every instance also hears it from the store's stock feed.
    expireStockShown(outcome.stockShownChanged);
    redirect(await locationAfterPlacing(outcome, false));
  }
  const attempt = (Number.isInteger(previous?.attempt) ? previous.attempt : 0) + 1;
  // The code as the server priced it now; kept from before when this answer did not look at it.
  const discount = "discount" in outcome && outcome.discount !== undefined ? outcome.discount : (previous?.discount ?? null);
  if (outcome.kind === "invalid")
    return { values: outcome.values, errors: outcome.errors, problem: null, lineProblems: {}, attempt, discount };
  refresh();
  return {
    values: outcome.values,
    errors: {},
    problem: outcome.problem,
    lineProblems: outcome.kind === "refused" ? outcome.lineProblems : {},
    attempt,
    discount,
  };
}
