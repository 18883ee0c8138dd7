import { connection } from "next/server";
import { expireStockShownFromRoute } from "@/lib/catalog/stock-expiry";
import { checkoutPageOfRequest } from "@/lib/no-script/checkout-of-request";
import { locationAfterPlacing } from "@/lib/orders/after-placing";
import { SAVED_ADDRESS_PARAM } from "@/lib/orders/checkout-fields";
import { placeOrderFromForm } from "@/lib/orders/place-order";
import { thisOrderRequest } from "@/lib/orders/this-order-request";
import { refuseUngatedForm } from "@/lib/security/gated-form-post";

/**
 * The checkout for a browser without JavaScript (lib/no-script/checkout-page.ts).
 * Its form posts here (the same origin, size and rate gates as a server
 * action: proxy.ts; any other body is refused, 415) and goes through the
 * same placeOrderFromForm as the React checkout's action. Placed, it answers
 * 303 with the order's page without JavaScript, or Stripe's page for a card
 * order (reloading it never posts again; a repeated post with the same key
 * makes no second order). Refused,
 * it answers this page again with the values typed and the reasons.
 */

export async function GET(request: Request): Promise<Response> {
  // Per request: the session, the cart, a new idempotency key; `?address=`: the saved address the fields start from.
  await connection();
  return checkoutPageOfRequest(undefined, new URL(request.url).searchParams.get(SAVED_ADDRESS_PARAM));
}

export async function POST(request: Request): Promise<Response> {
  const refused = refuseUngatedForm(request, "the checkout's form");
  if (refused) return refused;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return checkoutPageOfRequest({
      values: null,
      errors: {},
      problem: "The form could not be read. Please fill it in again.",
      lineProblems: {},
      status: 400,
    });
  }
  const outcome = await placeOrderFromForm(thisOrderRequest, form);
  switch (outcome.kind) {
    case "placed":
      // The pages showing a product whose shown stock the order changed (lib/catalog/stock-expiry.ts).
      expireStockShownFromRoute(outcome.stockShownChanged);
      return new Response(null, {
        status: 303,
        headers: { Location: await locationAfterPlacing(outcome, true), "Cache-Control": "no-store" },
      });
    case "invalid":
      return checkoutPageOfRequest({
        values: outcome.values,
        errors: outcome.errors,
        problem: null,
        lineProblems: {},
        status: 422,
        discount: outcome.discount,
      });
    case "refused":
      return checkoutPageOfRequest({
        values: outcome.values,
        errors: {},
        problem: outcome.problem,
        lineProblems: outcome.lineProblems,
        status: 409,
        discount: outcome.discount,
      });
    case "unavailable":
      return checkoutPageOfRequest({ values: outcome.values, errors: {}, problem: outcome.problem, lineProblems: {}, status: 503 });
    case "limited":
      return checkoutPageOfRequest({ values: outcome.values, errors: {}, problem: outcome.problem, lineProblems: {}, status: 429 });
  }
}
