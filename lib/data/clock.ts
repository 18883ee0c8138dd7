/**
 * The time in milliseconds since the epoch. Carts run on one a store is
 * given (cart lines are stamped and expire by it), so a test can move time
 * on; Date.now otherwise.
 */
export type Clock = () => number;

/** What both stores' factories take besides their backend. */
export interface StoreOptions {
  /** The clock carts run on (default Date.now). */
  cartClock?: Clock;
}
