/**
 * The browser's cart state, as a factory with its effects passed in (the
 * server actions, GET /api/cart, the toasts), so that it is pure: no React,
 * no browser globals, no server code. lib/cart/browser/cart-state.ts wires it
 * to the real ones for the page; tests/cart-state.test.ts drives it with fakes.
 *
 * The server's cart arrives as whole snapshots (the live stream, GET
 * /api/cart, each action's result); the shopper's own adds, quantity changes, deletes and
 * undos of deletes are shown at once as pending operations on top of it. While any operation is
 * in flight the server's cart is not replaced: every snapshot and action
 * result is only remembered, since each may predate one of the operations and
 * would undo it on screen. An operation the server confirms stays applied
 * until the last one settles; one it refuses is dropped at once (rolled back,
 * with an error toast). When the last one settles, the newest server cart
 * received (in order of arrival) replaces the old one and the pending
 * operations go; if the stream sent anything meanwhile, the cart is read once
 * more, since another tab's change may have crossed ours. cartItems and both
 * totals are recomputed together on every change, so they are never stale.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { CartEntry } from "./cart-entry";
import { applyPending, totalCents, totalQuantity, type CartProduct, type PendingOp } from "./cart-lines";
import type { CartSnapshot } from "./cart-snapshot";
import { isRateLimitedMessage } from "@/lib/security/rate-limit-messages";

/** What a cart action answers, as far as the cart state is concerned. */
export type CartActionOutcome = { ok: true; cart: CartEntry[] } | { ok: false; error: string };

/** The effects the cart state uses. */
interface CartStateEffects {
  /** The add-to-cart server action. */
  add(productId: string): Promise<CartActionOutcome>;
  /** The set-quantity server action. */
  setQuantity(productId: string, quantity: number): Promise<CartActionOutcome>;
  /** The remove-from-cart server action. */
  remove(productId: string): Promise<CartActionOutcome>;
  /** The server action that puts a deleted line back with its quantity. */
  restore(productId: string, quantity: number): Promise<CartActionOutcome>;
  /** GET /api/cart: the current owner's cart, or null when it could not be read. */
  fetchSnapshot(): Promise<CartSnapshot | null>;
  /** The cart's toasts; the shown ones return an id to dismiss them by. */
  toasts: {
    added(): string;
    increased(): string;
    /** A line the shopper deleted; `undo` (null for a deleted product's line, which cannot come back) puts it back. */
    removed(entry: CartEntry, undo: (() => void) | null): string;
    error(message: string): void;
    dismiss(id: string): void;
  };
}

/** Shown when an action could not reach the server at all. */
export const UNREACHABLE_MESSAGE = "The cart could not be reached. Please try again.";

/**
 * What a thrown action call tells the shopper: a rate limit's refusal in its
 * own words (the shop's 429 reaches the page as an Error carrying its text),
 * anything else (offline, a 5xx) as unreachable.
 */
function thrownMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : undefined;
  return isRateLimitedMessage(message) ? message : UNREACHABLE_MESSAGE;
}

interface CartData {
  /** The server's cart, as last applied. */
  serverItems: CartEntry[];
  /** The shopper's operations shown on top of it: in flight, or confirmed while others still are. */
  pending: PendingOp[];
  /** A snapshot (or more) arrived while operations were pending: read the cart once they settle. */
  staleWhilePending: boolean;
  /** The server's cart has been received at least once. */
  loaded: boolean;
  /** Whether this visitor has a cart on the server yet (a guest gets one with the first add). */
  hasOwner: boolean;
  /** Bumped when the live stream must reconnect (the owner changed). */
  streamEpoch: number;
}

interface Derived {
  cartItems: CartEntry[];
  cartTotalQuantity: number;
  /** Dollars, summed in cents. */
  cartTotalAmount: number;
}

interface CartActions {
  /** A server snapshot from the live stream or GET /api/cart. */
  receiveSnapshot(items: CartEntry[], hasOwner: boolean): void;
  addToCart(product: CartProduct): Promise<void>;
  /** Sets a line's quantity (1..999; the stepper and its input check the range first). */
  setQuantity(id: string, quantity: number): Promise<void>;
  /**
   * Deletes a line, with a toast that can undo it while shown; `onUndo` runs
   * when the shopper presses Undo, just before the line is shown again.
   */
  removeFromCart(id: string, options?: { onUndo?(): void }): Promise<void>;
  /** Reads the current owner's cart from the server. */
  reload(): Promise<void>;
}

export type CartState = CartData & Derived & CartActions;

function derive(serverItems: CartEntry[], pending: PendingOp[]): Derived {
  const cartItems = pending.length === 0 ? serverItems : applyPending(serverItems, pending);
  return {
    cartItems,
    cartTotalQuantity: totalQuantity(cartItems),
    cartTotalAmount: totalCents(cartItems) / 100,
  };
}

export function createCartState(effects: CartStateEffects): StoreApi<CartState> {
  let nextOp = 1;
  /** Operations the server has not answered yet. */
  const inFlight = new Set<number>();
  /** The newest server cart received while operations were in flight (applied when they settle). */
  let latestServerCart: CartEntry[] | null = null;
  /** Counts server carts received; a reload started before the latest one is outdated when it lands. */
  let serverCarts = 0;

  return createStore<CartState>()((set, get) => {
    const start = (op: PendingOp) => {
      inFlight.add(op.op);
      set((state) => {
        const pending = [...state.pending, op];
        return { pending, ...derive(state.serverItems, pending) };
      });
    };

    /**
     * The server answered `op`: with the cart after it, or null when it was
     * refused (then it is dropped from view). The last answer applies the
     * newest server cart and clears the operations.
     */
    const settle = (op: number, cart: CartEntry[] | null) => {
      inFlight.delete(op);
      if (cart) {
        serverCarts += 1;
        latestServerCart = cart;
      }
      const state = get();
      if (inFlight.size > 0) {
        if (cart) return; // Confirmed: it stays shown until the others settle.
        const pending = state.pending.filter((p) => p.op !== op);
        set({ pending, ...derive(state.serverItems, pending) });
        return;
      }
      const serverItems = latestServerCart ?? state.serverItems;
      latestServerCart = null;
      const reconcile = state.staleWhilePending;
      set({ pending: [], staleWhilePending: false, serverItems, ...derive(serverItems, []) });
      // Another change may have crossed ours while they were in flight: ask once.
      if (reconcile) void get().reload();
    };

    /** An action's answer; a call that threw (offline, a 429) as a refusal in words. */
    const outcome = async (action: () => Promise<CartActionOutcome>): Promise<CartActionOutcome> => {
      try {
        return await action();
      } catch (error) {
        return { ok: false, error: thrownMessage(error) };
      }
    };

    /** Runs a started operation's action and settles it; a refusal rolls it back with an error toast. */
    const call = async (op: number, action: () => Promise<CartActionOutcome>) => {
      const result = await outcome(action);
      if (!result.ok) {
        effects.toasts.error(result.error);
        settle(op, null);
        return;
      }
      settle(op, result.cart);
    };

    /**
     * Undo of a delete: the line is shown again at once, and put back on the
     * server with its quantity once the delete has been answered (so the two
     * never cross). A delete that was refused left the line in place: then
     * nothing is put back. A refused undo says why, with the line's name.
     */
    const restoreLine = async (entry: CartEntry, removal: Promise<CartActionOutcome>) => {
      const op = nextOp++;
      start({ op, kind: "restore", entry });
      if (!(await removal).ok) {
        settle(op, null);
        return;
      }
      const result = await outcome(() => effects.restore(entry.id, entry.cartQuantity));
      if (!result.ok) {
        effects.toasts.error(`${entry.name} could not be put back. ${result.error}`);
        settle(op, null);
        return;
      }
      settle(op, result.cart);
    };

    return {
      serverItems: [],
      pending: [],
      staleWhilePending: false,
      loaded: false,
      hasOwner: false,
      streamEpoch: 0,
      ...derive([], []),

      receiveSnapshot(items, hasOwner) {
        serverCarts += 1;
        if (inFlight.size > 0) {
          latestServerCart = items;
          set({ staleWhilePending: true, loaded: true, hasOwner });
          return;
        }
        set({ serverItems: items, loaded: true, hasOwner, ...derive(items, get().pending) });
      },

      async addToCart(product) {
        const alreadyInCart = get().cartItems.some((item) => item.id === product.id);
        const op = nextOp++;
        start({ op, kind: "add", product });
        const shown = alreadyInCart ? effects.toasts.increased() : effects.toasts.added();
        let result: CartActionOutcome;
        try {
          result = await effects.add(product.id);
        } catch (error) {
          result = { ok: false, error: thrownMessage(error) };
        }
        if (!result.ok) {
          effects.toasts.dismiss(shown);
          effects.toasts.error(result.error);
          settle(op, null);
          return;
        }
        const hadOwner = get().hasOwner;
        settle(op, result.cart);
        if (!hadOwner) {
          // The first add created this guest's cart: the stream must follow it.
          set((state) => ({ hasOwner: true, streamEpoch: state.streamEpoch + 1 }));
        }
      },

      async setQuantity(id, quantity) {
        const op = nextOp++;
        start({ op, kind: "set", id, quantity });
        await call(op, () => effects.setQuantity(id, quantity));
      },

      async removeFromCart(id, options) {
        const entry = get().cartItems.find((item) => item.id === id);
        const op = nextOp++;
        start({ op, kind: "remove", id });
        const removal = outcome(() => effects.remove(id));
        let shown: string | null = null;
        let undone = false;
        const undo = () => {
          if (undone || !entry) return;
          undone = true;
          if (shown !== null) effects.toasts.dismiss(shown);
          options?.onUndo?.();
          void restoreLine(entry, removal);
        };
        if (entry) shown = effects.toasts.removed(entry, entry.available ? undo : null);
        const result = await removal;
        if (!result.ok) {
          if (shown !== null) effects.toasts.dismiss(shown);
          effects.toasts.error(result.error);
          settle(op, null);
          return;
        }
        settle(op, result.cart);
      },

      async reload() {
        const before = serverCarts;
        let snapshot: CartSnapshot | null;
        try {
          snapshot = await effects.fetchSnapshot();
        } catch {
          return; // Offline: the live stream brings the cart back when it reconnects.
        }
        // A server cart that landed meanwhile is at least as new.
        if (!snapshot || serverCarts !== before) return;
        get().receiveSnapshot(snapshot.items, snapshot.hasOwner);
      },
    };
  });
}
