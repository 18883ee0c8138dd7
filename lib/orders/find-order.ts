/**
 * "Find my order": a guest whose status emails carry no way back to the
 * order asks, with the email address and the order's reference, for a new
 * link. When they name an order placed with that address, the store adds a
 * new token beside the order's others (the old links keep working) and writes
 * the email that carries it, in one step (OrderStore.addOrderLink); an order
 * placed signed in gets its link without a token. The answer is the same
 * whether or not such an order exists, so the form reveals nothing of anyone's
 * orders. Requests are limited per client address and per email address
 * (lib/security/rate-limit.ts: orderLinks, orderLinksToRecipient), counted
 * once the form is valid, before the store is asked, either way.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import { emailSchema } from "@/lib/data/contract/fields";
import type { Order } from "@/lib/data/contract/orders";
import { emailKey, looksLikeReference } from "@/lib/data/rules/order-rules";
import { FIND_ORDER_FIELDS, FIND_ORDER_MESSAGES, type FindOrderState } from "./find-order-state";
import { newGuestToken } from "./guest-token";
import { orderLinkEmail } from "./emails";
import type { OrderingStore } from "./ordering-store";

/** What asking for a link reads of its request; tests pass their own. */
export interface FindOrderRequest {
  store(): Promise<Pick<OrderingStore, "getOrderByReference" | "addOrderLink">>;
  /** Counts this request against its client's and the address's limits: the refusal's words, or null. */
  limit(email: string): Promise<string | null>;
  /** Runs once a link email is in the outbox: it is sent after the response. */
  afterSent(): void;
}

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, 300) : "";
};

/** Whether `order` was placed with `email` and may be sent a link (an erased order keeps no address). */
const placedWith = (order: Order | null, email: string): order is Order =>
  order !== null && order.erasedAt === null && emailKey(order.contact.email) === emailKey(email);

export async function requestOrderLink(request: FindOrderRequest, form: FormData): Promise<FindOrderState> {
  const values = { email: textOf(form, FIND_ORDER_FIELDS.email), reference: textOf(form, FIND_ORDER_FIELDS.reference) };
  const email = emailSchema.safeParse(values.email);
  const errors = {
    ...(email.success ? {} : { email: FIND_ORDER_MESSAGES.email }),
    ...(looksLikeReference(values.reference) ? {} : { reference: FIND_ORDER_MESSAGES.reference }),
  };
  if (!email.success || Object.keys(errors).length > 0) return { kind: "invalid", errors, values };
  const limited = await request.limit(email.data);
  if (limited) return { kind: "refused", message: limited, values };
  try {
    const store = await request.store();
    const order = await store.getOrderByReference(values.reference);
    if (placedWith(order, email.data)) {
      const guest = order.uid === null ? newGuestToken() : null;
      await store.addOrderLink(order.id, { tokenHash: guest?.hash ?? null, email: orderLinkEmail(guest?.token ?? null) });
      request.afterSent();
      log.info("orders.link_sent", "A new link to an order was written to the outbox", { orderId: order.id, guest: guest !== null });
    }
    return { kind: "sent", message: FIND_ORDER_MESSAGES.sent };
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("orders.link_store_unavailable", "A link to an order could not be sent: the store is unavailable", undefined, error);
    return { kind: "refused", message: FIND_ORDER_MESSAGES.unavailable, values };
  }
}
