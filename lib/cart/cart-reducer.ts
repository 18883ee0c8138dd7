/**
 * The browser cart's state and its transitions, pure: no effects, no
 * zustand, no React. optimistic-cart.ts runs the effects (the server
 * actions, GET /api/cart, the toasts) and applies these; tests drive them on
 * their own (tests/cart-reducer.test.ts).
 *
 * The server's cart arrives as whole snapshots (the live stream, GET
 * /api/cart, each action's result); the shopper's own adds, quantity
 * changes, deletes and undos are shown at once as pending operations on top
 * of it. While any operation is in flight the server's cart is not replaced:
 * every snapshot and action result is only remembered, since each may
 * predate one of the operations and would undo it on screen. An operation
 * the server confirms stays applied until the last one settles; one it
 * refuses is dropped at once. When the last one settles, the newest server
 * cart received (in order of arrival) replaces the old one and the pending
 * operations go; if a snapshot arrived meanwhile, the cart is read once
 * more (`reload`), since another tab's change may have crossed ours.
 */
import type { CartEntry } from "./cart-entry";
import { applyPending, totalCents, totalQuantity, type PendingOp } from "./cart-lines";

export interface CartModel {
  /** The server's cart, as last applied. */
  serverItems: CartEntry[];
  /** The shopper's operations shown on top of it: in flight, or confirmed while others still are. */
  pending: PendingOp[];
  /** The operations the server has not answered yet. */
  inFlight: readonly number[];
  /** The newest server cart received while operations were in flight (applied when they settle). */
  latestServerCart: CartEntry[] | null;
  /** Server carts received so far: a reload started before the latest one is outdated when it lands. */
  serverCarts: number;
  /** A snapshot (or more) arrived while operations were pending: read the cart once they settle. */
  staleWhilePending: boolean;
  /** The server's cart has been received at least once. */
  loaded: boolean;
  /** Whether this visitor has a cart on the server yet (a guest gets one with the first add). */
  hasOwner: boolean;
  /** Bumped when the live streams must reconnect: the owner changed, or a change made its cart's first line. */
  streamEpoch: number;
  /** The number the next operation takes. */
  nextOp: number;
}

/** What the page shows, recomputed together on every change so it is never stale. */
export interface CartView {
  cartItems: CartEntry[];
  cartTotalQuantity: number;
  /** The spec's name; in whole cents, as every amount (DECISIONS "Money"). */
  cartTotalAmount: number;
}

export const EMPTY_CART: CartModel = {
  serverItems: [],
  pending: [],
  inFlight: [],
  latestServerCart: null,
  serverCarts: 0,
  staleWhilePending: false,
  loaded: false,
  hasOwner: false,
  streamEpoch: 0,
  nextOp: 1,
};

export function viewOf(model: Pick<CartModel, "serverItems" | "pending">): CartView {
  const cartItems = model.pending.length === 0 ? model.serverItems : applyPending(model.serverItems, model.pending);
  return { cartItems, cartTotalQuantity: totalQuantity(cartItems), cartTotalAmount: totalCents(cartItems) };
}

/** An operation without its number: the kinds the shopper starts. */
export type NewOp = PendingOp extends infer Op ? (Op extends PendingOp ? Omit<Op, "op"> : never) : never;

/** The shopper started an operation: shown at once, in flight until `settled`; `op` is its number. */
export function started(model: CartModel, operation: NewOp): { model: CartModel; op: number } {
  const op = model.nextOp;
  return {
    op,
    model: {
      ...model,
      nextOp: op + 1,
      inFlight: [...model.inFlight, op],
      pending: [...model.pending, { ...operation, op } as PendingOp],
    },
  };
}

/**
 * The server answered `op`: with the cart after it, or null when it was
 * refused (then it is dropped from view at once). The last answer applies
 * the newest server cart received and clears the operations; `reload` says
 * the cart must be read once more, a snapshot having crossed them.
 */
export function settled(model: CartModel, op: number, cart: CartEntry[] | null): { model: CartModel; reload: boolean } {
  const inFlight = model.inFlight.filter((o) => o !== op);
  const received = cart ? { serverCarts: model.serverCarts + 1, latestServerCart: cart } : {};
  const next = { ...model, ...received, inFlight };
  if (inFlight.length > 0) {
    // Confirmed: it stays shown until the others settle; refused: it goes now.
    return { model: cart ? next : { ...next, pending: model.pending.filter((p) => p.op !== op) }, reload: false };
  }
  const serverItems = next.latestServerCart ?? model.serverItems;
  return {
    model: { ...next, serverItems, latestServerCart: null, pending: [], staleWhilePending: false },
    reload: model.staleWhilePending,
  };
}

/** A whole server cart from the live stream or GET /api/cart: applied now, or kept until the operations settle. */
export function snapshotReceived(model: CartModel, items: CartEntry[], hasOwner: boolean): CartModel {
  const next = { ...model, serverCarts: model.serverCarts + 1, loaded: true, hasOwner };
  if (model.inFlight.length > 0) return { ...next, latestServerCart: items, staleWhilePending: true };
  return { ...next, serverItems: items };
}

/**
 * Whether an answered add or undo made the cart's first line: the cart it
 * answered with holds only that line, with only that quantity. A guest's
 * stream opened while the cart had no line holds no listener (lib/live/
 * stream-cart.ts: none per made-up cookie), in this tab or another one
 * whose delete emptied it; such an answer must reopen the streams as the
 * first add does.
 */
export function madeFirstLine(cart: readonly CartEntry[], productId: string, quantity: number): boolean {
  return cart.length === 1 && cart[0].id === productId && cart[0].cartQuantity === quantity;
}

/** A change made this guest's cart (its first line): the live streams must follow it (`streamEpoch`). */
export function ownerCreated(model: CartModel): CartModel {
  return { ...model, hasOwner: true, streamEpoch: model.streamEpoch + 1 };
}
