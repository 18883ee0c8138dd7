/**
 * The order desk's list: every order, newest first, in pages of 50 by cursor
 * (`?after=`), one state of fulfilment, payment or return (`?state=`, e.g.
 * "fulfilment:shipped"), and a search by reference or email (`?q=`). Pure:
 * the URL's parameters in, the store's filter and links out; anything
 * malformed in them reads as "no filter" or "the first page", never an error.
 */
import { FULFILMENT_STATES, PAYMENT_STATES, RETURN_STATES } from "@/lib/data/contract/order-states";
import type { Order } from "@/lib/data/contract/orders";
import type { OrderListFilter } from "@/lib/data/contract/order-list-filter";
import { LIMITS } from "@/lib/data/contract/limits";
import { pageCursorSchema } from "@/lib/data/contract/fields";
import { fulfilmentLabel, paymentLabel, returnLabel } from "./order-steps";

export const ORDER_PAGE_SIZE = 50;
/** Longest search kept (the store's search limit). */
export const ORDER_QUERY_MAX = LIMITS.queryMax;

/** The state filter's choices, grouped as the select shows them; each value is "<group>:<state>". */
export const STATE_CHOICES = [
  { group: "Fulfilment", options: FULFILMENT_STATES.map((state) => ({ value: `fulfilment:${state}`, label: fulfilmentLabel(state) })) },
  { group: "Payment", options: PAYMENT_STATES.map((state) => ({ value: `payment:${state}`, label: paymentLabel(state) })) },
  { group: "Return", options: RETURN_STATES.map((state) => ({ value: `return:${state}`, label: returnLabel(state) })) },
] as const;

const STATE_VALUES: ReadonlySet<string> = new Set(STATE_CHOICES.flatMap((choice) => choice.options.map((option) => option.value)));

export interface OrderListQuery {
  /** The search as typed (trimmed); "" for none. */
  query: string;
  /** The state choice ("fulfilment:placed"), or "" for every state. */
  state: string;
  /** The cursor of the page shown; null for the first. */
  after: string | null;
}

/** One value of a URL parameter (the first when repeated). */
function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** What the URL asks for, with anything malformed left out. */
export function parseOrderListQuery(params: Record<string, string | string[] | undefined>): OrderListQuery {
  const query = single(params.q).trim().slice(0, ORDER_QUERY_MAX);
  const stateText = single(params.state);
  const state = STATE_VALUES.has(stateText) ? stateText : "";
  const after = pageCursorSchema.safeParse(single(params.after)).data ?? null;
  return { query, state, after };
}

/** The store's filter for a page of the list. */
export function orderListFilter(list: OrderListQuery): OrderListFilter {
  const [group, state] = list.state.split(":");
  return {
    fulfilment: group === "fulfilment" ? (state as OrderListFilter["fulfilment"]) : null,
    payment: group === "payment" ? (state as OrderListFilter["payment"]) : null,
    returnState: group === "return" ? (state as OrderListFilter["returnState"]) : null,
    query: list.query,
    limit: ORDER_PAGE_SIZE,
    after: list.after,
  };
}

/** The list's URL (only the parameters that are set), for the pager. */
export function orderListHref(list: OrderListQuery): string {
  const params = new URLSearchParams();
  if (list.query) params.set("q", list.query);
  if (list.state) params.set("state", list.state);
  if (list.after) params.set("after", list.after);
  const search = params.toString();
  return `/admin-entry/orders${search ? `?${search}` : ""}`;
}

/** How many items an order holds (the sum of its lines' quantities). */
export function itemCount(order: Pick<Order, "lines">): number {
  return order.lines.reduce((sum, line) => sum + line.quantity, 0);
}
