/** The order desk's list filter as the store takes it (OrderStore.listOrders): states from the table, a search, a page. */
import { epochMillisSchema, listLimitSchema, pageCursorSchema, searchQuerySchema } from "./fields";
import { FULFILMENT_STATES, PAYMENT_STATES, RETURN_STATES } from "./order-states";
import { z } from "./zod";

/** The order desk's filter: one state of fulfilment, payment or return, or none; a search by reference or email. */
export const orderListFilterSchema = z.strictObject({
  fulfilment: z.enum(FULFILMENT_STATES).nullable(),
  payment: z.enum(PAYMENT_STATES).nullable(),
  returnState: z.enum(RETURN_STATES).nullable(),
  /** A reference (any case, with or without dashes) or an exact email (any case); "" for none. */
  query: searchQuerySchema,
  /** 1..100 (the desk's pages are 50). */
  limit: listLimitSchema,
  /** The cursor the previous page returned, null for the first page. */
  after: pageCursorSchema.nullable(),
  /** Only orders placed at or after this time (epoch ms): an export's date range. Left out: any time. */
  placedFrom: epochMillisSchema.optional(),
  /** Only orders placed before this time (epoch ms). Left out: any time. */
  placedBefore: epochMillisSchema.optional(),
});
export type OrderListFilter = z.output<typeof orderListFilterSchema>;
