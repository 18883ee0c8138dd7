/**
 * An order's page without JavaScript for this request: the order opened as
 * the React page opens it (lib/orders/viewable-order.ts: its owner by the
 * session, a guest by the link's token, a token lookup limited per client
 * as in proxy.ts; a token given twice opens nothing), else the not-found
 * page; a posted return request goes through the same
 * requestReturnFromForm as the React page's action.
 */
import "server-only";
import { cardNotice } from "@/lib/orders/card-payment";
import { currentUser } from "@/lib/auth/session";
import { CART_MESSAGES } from "@/lib/cart/results";
import { isStoreError } from "@/lib/data/contract/errors";
import { returnOpen } from "@/lib/orders/order-labels";
import { orderingStore } from "@/lib/orders/ordering-store";
import { requestReturnFromForm, type ReturnFormState } from "@/lib/orders/request-return";
import { sendOrderEmailsAfterResponse } from "@/lib/orders/send-after-response";
import { orderNeedsSignIn } from "@/lib/orders/order-gate";
import { signInForOrderPath } from "@/lib/orders/paths";
import { viewableOrder } from "@/lib/orders/viewable-order";
import { limitRequest } from "@/lib/security/request-client";
import { noScriptPage } from "./document";
import { html } from "./html";
import { notFoundWithoutJavascript, orderPageWithoutJavascript } from "./order-page";

const uidOfRequest = async () => (await currentUser())?.uid ?? null;

/** The link's token: null without one, "many" when given more than once (no order opens to that). */
function tokenOfLink(request: Request): string | null | "many" {
  const tokens = new URL(request.url).searchParams.getAll("token").filter((token) => token !== "");
  return tokens.length > 1 ? "many" : (tokens[0] ?? null);
}

/**
 * The order's page; `counted` when this request's look-up by token was
 * counted already (a posted return: returnRequestOfRequest).
 */
export async function orderPageOfRequest(
  request: Request,
  id: string,
  returnNews: ReturnFormState | null = null,
  counted = false,
): Promise<Response> {
  const token = tokenOfLink(request);
  if (token !== null && !counted) {
    const limited = await limitRequest("orderLookups", request.headers);
    if (limited) return limited;
  }
  if (token === "many") return notFoundWithoutJavascript();
  try {
    const uid = await uidOfRequest();
    // Signed out, without a guest's token: the sign-in page, as the React page's gate does (proxy.ts).
    if (orderNeedsSignIn(id, token, uid)) return seeOther(signInForOrderPath(id));
    const found = await viewableOrder(await orderingStore(), id, token, uid);
    if (!found) return notFoundWithoutJavascript();
    return orderPageWithoutJavascript({
      order: found.order,
      token: found.access === "token" ? token : null,
      returnOpen: returnOpen(found.order, Date.now()),
      returnNews,
      notice: cardNotice(new URL(request.url).searchParams.get("card") ?? undefined),
      status: returnNews?.error ? 409 : 200,
    });
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    return noScriptPage({
      title: "Your order",
      main: html`<h1>Your order</h1><p class="problem" role="alert">${CART_MESSAGES.unavailable}</p>`,
      status: 503,
    });
  }
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "private, no-store" } });
}

/**
 * A posted return request, then the order's page saying how it went. A
 * guest's token (in the link, in the form, or both) counts once as a
 * look-up by token for the request's client, before anything is read.
 */
export async function returnRequestOfRequest(request: Request, id: string, form: FormData): Promise<Response> {
  if (form.get("orderId") !== id) return notFoundWithoutJavascript();
  const formToken = form.get("token");
  if (tokenOfLink(request) !== null || (typeof formToken === "string" && formToken !== "")) {
    const limited = await limitRequest("orderLookups", request.headers);
    if (limited) return limited;
  }
  const news = await requestReturnFromForm(
    { uid: uidOfRequest, store: orderingStore, afterStep: sendOrderEmailsAfterResponse, limitTokenLookup: async () => null },
    form,
  );
  return orderPageOfRequest(request, id, news, true);
}
