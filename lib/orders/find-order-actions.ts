"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requestOrderLink } from "./find-order";
import { orderLinkLimitRefusal } from "./find-order-limits";
import { findOrderNotice, type FindOrderState } from "./find-order-state";
import { orderingStore } from "./ordering-store";
import { FIND_ORDER_PATH } from "./paths";
import { sendOrderEmailsAfterResponse } from "./send-after-response";

/**
 * "Find my order"'s action (components/orders/find-order-form.tsx): the
 * request's limits, the store and the outbox's send after the response
 * (lib/orders/find-order.ts). A plain form post (no JavaScript: no
 * Next-Action header) is answered with the page again and the answer's code
 * (find-order-state.ts), post/redirect/get.
 */
export async function findOrderAction(_previous: FindOrderState | null, form: FormData): Promise<FindOrderState> {
  const requestHeaders = await headers();
  const state = await requestOrderLink(
    {
      store: orderingStore,
      limit: (email) => orderLinkLimitRefusal(requestHeaders, email),
      afterSent: sendOrderEmailsAfterResponse,
    },
    form instanceof FormData ? form : new FormData(),
  );
  if (!requestHeaders.has("next-action")) redirect(`${FIND_ORDER_PATH}?notice=${findOrderNotice(state)}`);
  return state;
}
