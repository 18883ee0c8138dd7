/**
 * "Pay now" / "Pay again" on an order's page (app/orders-page/[id]/pay,
 * posted with or without JavaScript): to its owner only (viewableOrder, the
 * guest's token posted as the form's `token`), a card order awaiting
 * payment goes to Stripe's page; one whose payment lapsed is first held
 * again (the shopper's pay_again step takes its stock back, or says too few
 * are left). Answers 303 to Stripe's page or back to the order's page with
 * a notice; 404 to anyone who may not see the order.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { stepRefusal } from "@/lib/data/rules/order-steps";
import { cardPaymentLocation, orderPagePath, type CardNotice } from "./card-payment";
import { stepEmail } from "./emails";
import { requestShopper } from "./request-shopper";
import { sendOrderEmailsAfterResponse } from "./send-after-response";
import { viewableOrder } from "./viewable-order";

const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });

export async function payOrderOfRequest(store: Store, orderId: string, form: FormData): Promise<Response> {
  const posted = form.get("token");
  const token = typeof posted === "string" && posted !== "" ? posted : null;
  const plain = form.get("view") === "plain";
  const { user } = await requestShopper();
  const found = await viewableOrder(store, orderId, token, user?.uid ?? null);
  if (!found) return new Response("No such order.", { status: 404, headers: { "Cache-Control": "no-store" } });
  const guestToken = found.access === "token" ? token : null;
  const held = await heldAgain(store, found.order);
  if (typeof held === "string") return seeOther(orderPagePath(orderId, guestToken, plain, held));
  return seeOther(await cardPaymentLocation(store, held, guestToken, plain));
}

/** The order, held again by the shopper's pay_again step when its payment lapsed; or the notice saying why it cannot be. */
async function heldAgain(store: Store, order: Order): Promise<Order | CardNotice> {
  if (stepRefusal("pay_again", order, Date.now()) !== null) return order;
  try {
    const held = await store.takeOrderStep(order.id, {
      step: "pay_again",
      expectedRevision: order.revision,
      by: "shopper",
      note: "",
      email: stepEmail("pay_again"),
    });
    sendOrderEmailsAfterResponse();
    return held;
  } catch (error) {
    if (isStoreError(error, "conflict") && Object.values(error.fields).includes("out_of_stock")) return "out_of_stock";
    // Paid again from another tab meanwhile: the order as it is now.
    if (isStoreError(error, "conflict")) return (await store.getOrder(order.id)) ?? order;
    if (isStoreError(error, "unavailable")) {
      log.warn("payments.pay_again_store_unavailable", "An order could not be held again: the store is unavailable", undefined, error);
      return "unavailable";
    }
    throw error;
  }
}
