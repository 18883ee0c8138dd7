/**
 * An order's page without JavaScript for this request: the order opened as
 * the React page opens it (lib/orders/viewable-order.ts: its owner by the
 * session, a guest by the link's token, a token lookup limited per client
 * as in proxy.ts), else the not-found page; a posted return request goes
 * through the same requestReturnFromForm as the React page's action.
 */
import "server-only";
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

export async function orderPageOfRequest(request: Request, id: string, returnNews: ReturnFormState | null = null): Promise<Response> {
  const token = new URL(request.url).searchParams.get("token") || null;
  if (token !== null) {
    const limited = await limitRequest("orderLookups", request.headers);
    if (limited) return limited;
  }
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

/** A posted return request, then the order's page saying how it went. */
export async function returnRequestOfRequest(request: Request, id: string, form: FormData): Promise<Response> {
  if (form.get("orderId") !== id) return notFoundWithoutJavascript();
  const news = await requestReturnFromForm({ uid: uidOfRequest, store: orderingStore, afterStep: sendOrderEmailsAfterResponse }, form);
  return orderPageOfRequest(request, id, news);
}
