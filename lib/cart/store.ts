/**
 * The cart in the browser (zustand). The server's cart arrives as whole
 * snapshots (the live stream, GET /api/cart, each action's result); the
 * shopper's own adds and deletes are applied on top at once as pending
 * operations and dropped when the server answers (rolled back with an error
 * toast when it refuses). cartItems and both totals are recomputed together
 * on every change, from the snapshot plus the pending operations, so they
 * are never stale.
 */
import toast from "react-hot-toast";
import { create } from "zustand";
import { addToCart as addToCartAction, removeFromCart as removeFromCartAction } from "./actions";
import { applyPending, totalCents, totalQuantity, type CartEntry, type CartProduct, type PendingOp } from "./cart-lines";
import { cartToast } from "./toasts";


interface CartData {
  /** The server's cart, as last reported. */
  serverItems: CartEntry[];
  pending: PendingOp[];
  /** A snapshot (or more) arrived while operations were pending: reconcile once they settle. */
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
  removeFromCart(id: string): Promise<void>;
  /** Fetches the current owner's cart from the server. */
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

let nextOp = 1;
/** Reloads started before this snapshot count are outdated when they land. */
let snapshotCount = 0;
/** The latest cart an action returned while others were still pending. */
let latestActionCart: CartEntry[] | null = null;

export const useCart = create<CartState>()((set, get) => {
  /** Replaces the server cart (and re-derives). */
  const setServer = (serverItems: CartEntry[], extra: Partial<CartData> = {}) =>
    set((state) => ({ ...extra, serverItems, ...derive(serverItems, extra.pending ?? state.pending) }));

  const start = (op: PendingOp) => set((state) => {
    const pending = [...state.pending, op];
    return { pending, ...derive(state.serverItems, pending) };
  });

  /** Drops a pending operation; with the last one gone, applies the newest known server cart. */
  const settle = (op: number, cart: CartEntry[] | null) => {
    if (cart) latestActionCart = cart;
    const state = get();
    const pending = state.pending.filter((p) => p.op !== op);
    if (pending.length > 0) {
      set({ pending, ...derive(state.serverItems, pending) });
      return;
    }
    const serverItems = latestActionCart ?? state.serverItems;
    latestActionCart = null;
    const reconcile = state.staleWhilePending;
    set({ pending, staleWhilePending: false, serverItems, ...derive(serverItems, pending) });
    // Another change may have landed while ours were in flight: ask once.
    if (reconcile) void get().reload();
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
      snapshotCount += 1;
      if (get().pending.length > 0) {
        set({ staleWhilePending: true, loaded: true, hasOwner });
        return;
      }
      setServer(items, { loaded: true, hasOwner });
    },

    async addToCart(product) {
      const alreadyInCart = get().cartItems.some((item) => item.id === product.id);
      const op = nextOp++;
      start({ op, kind: "add", product });
      const shown = alreadyInCart ? cartToast.increased() : cartToast.added();
      let result;
      try {
        result = await addToCartAction(product.id);
      } catch {
        result = { ok: false as const, error: "The cart could not be reached. Please try again." };
      }
      if (!result.ok) {
        toast.dismiss(shown);
        cartToast.error(result.error);
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

    async removeFromCart(id) {
      const op = nextOp++;
      start({ op, kind: "remove", id });
      let result;
      try {
        result = await removeFromCartAction(id);
      } catch {
        result = { ok: false as const, error: "The cart could not be reached. Please try again." };
      }
      if (!result.ok) {
        cartToast.error(result.error);
        settle(op, null);
        return;
      }
      settle(op, result.cart);
    },

    async reload() {
      const before = snapshotCount;
      try {
        const response = await fetch("/api/cart", { cache: "no-store", credentials: "same-origin" });
        if (!response.ok) return;
        const body = (await response.json()) as { items: CartEntry[]; hasOwner: boolean };
        // A live snapshot that landed meanwhile is at least as new.
        if (snapshotCount !== before) return;
        get().receiveSnapshot(body.items, body.hasOwner);
      } catch {
        // Offline: the live stream brings the cart back when it reconnects.
      }
    },
  };
});
