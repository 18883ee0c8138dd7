/**
 * This request as placing an order reads it: the cart's owner from the
 * session or guest cookie (the cart's own lookup, a leftover guest cart
 * settled first: lib/cart/this-request.ts), the process's store, the
 * server's secret, the order limits of its client and recipient.
 */
import "server-only";
import { headers } from "next/headers";
import { thisRequest } from "@/lib/cart/this-request";
import { serverEnv } from "@/lib/env";
import { takesCards } from "@/lib/payments/stripe-client";
import { orderLimitRefusal } from "./order-limits";
import { orderingStore } from "./ordering-store";
import type { PlaceOrderRequest } from "./place-order";
import { sendOrderEmailsAfterResponse } from "./send-after-response";

export const thisOrderRequest: PlaceOrderRequest = {
  owner: () => thisRequest.owner({ create: false }),
  store: orderingStore,
  secret: () => serverEnv().NEXTAUTH_SECRET ?? "",
  limit: async (recipient) => orderLimitRefusal(await headers(), recipient),
  afterPlaced: sendOrderEmailsAfterResponse,
  takesCards,
};
