/**
 * The browser's cart state: the pure transitions of cart-reducer.ts wired to
 * zustand and to effects passed in (the server actions, GET /api/cart, the
 * toasts), so that it stays free of React, browser globals and server code.
 * lib/cart/browser/cart-state.ts wires it to the real effects for the page;
 * tests/cart-state.test.ts drives it with fakes. What the shopper sees while
 * operations are in flight, and when the server's cart replaces it, is the
 * reducer's rule.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { CartEntry } from "./cart-entry";
import type { CartProduct } from "./cart-lines";
import {
  EMPTY_CART,
  madeFirstLine,
  ownerCreated,
  settled,
  snapshotReceived,
  started,
  viewOf,
  type CartModel,
  type CartView,
  type NewOp,
} from "./cart-reducer";
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

export type CartState = CartModel & CartView & CartActions;

type Get = () => CartState;

/** The steps every action is made of: apply a transition, start and settle an operation, read an action's answer. */
function wiring(effects: CartStateEffects, set: (view: Partial<CartState>) => void, get: Get) {
  const apply = (model: CartModel) => set({ ...model, ...viewOf(model) });

  /** Shows an operation at once; its number, to settle it by. */
  const start = (operation: NewOp): number => {
    const { model, op } = started(get(), operation);
    apply(model);
    return op;
  };

  /** The server answered `op` (null: refused); the last answer may ask for the cart once more. */
  const settle = (op: number, cart: CartEntry[] | null) => {
    const { model, reload } = settled(get(), op, cart);
    apply(model);
    if (reload) void get().reload();
  };

  /** An action's answer; a call that threw (offline, a 429) as a refusal in words. */
  const outcome = async (action: () => Promise<CartActionOutcome>): Promise<CartActionOutcome> => {
    try {
      return await action();
    } catch (error) {
      return { ok: false, error: thrownMessage(error) };
    }
  };

  /** Settles `op` with an action's answer; a refusal is dropped with an error toast (`dismiss` first: a toast it replaces). */
  const answer = (op: number, result: CartActionOutcome, dismiss: string | null = null, prefix = "") => {
    if (result.ok) return settle(op, result.cart);
    if (dismiss !== null) effects.toasts.dismiss(dismiss);
    effects.toasts.error(`${prefix}${result.error}`);
    settle(op, null);
  };

  return { apply, start, settle, outcome, answer };
}

/** The shopper's own changes: each shown at once, then settled by the server's answer. */
function shopperActions(effects: CartStateEffects, get: Get, w: ReturnType<typeof wiring>) {
  /**
   * Undo of a delete: the line is shown again at once, and put back on the
   * server with its quantity once the delete has been answered (so the two
   * never cross). A delete that was refused left the line in place: then
   * nothing is put back. A refused undo says why, with the line's name.
   */
  const restoreLine = async (entry: CartEntry, removal: Promise<CartActionOutcome>) => {
    const op = w.start({ kind: "restore", entry });
    if (!(await removal).ok) return w.settle(op, null);
    const result = await w.outcome(() => effects.restore(entry.id, entry.cartQuantity));
    w.answer(op, result, null, `${entry.name} could not be put back. `);
    if (result.ok && madeFirstLine(result.cart, entry.id, entry.cartQuantity)) w.apply(ownerCreated(get()));
  };

  return {
    async addToCart(product: CartProduct) {
      const alreadyInCart = get().cartItems.some((item) => item.id === product.id);
      const op = w.start({ kind: "add", product });
      const shown = alreadyInCart ? effects.toasts.increased() : effects.toasts.added();
      const result = await w.outcome(() => effects.add(product.id));
      const hadOwner = get().hasOwner;
      w.answer(op, result, shown);
      // The add created the cart, or its first line again after a delete in any tab: the streams must follow it.
      if (result.ok && (!hadOwner || madeFirstLine(result.cart, product.id, 1))) w.apply(ownerCreated(get()));
    },

    async setQuantity(id: string, quantity: number) {
      const op = w.start({ kind: "set", id, quantity });
      w.answer(op, await w.outcome(() => effects.setQuantity(id, quantity)));
    },

    async removeFromCart(id: string, options?: { onUndo?(): void }) {
      const entry = get().cartItems.find((item) => item.id === id);
      const op = w.start({ kind: "remove", id });
      const removal = w.outcome(() => effects.remove(id));
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
      w.answer(op, await removal, shown);
    },
  };
}

export function createCartState(effects: CartStateEffects): StoreApi<CartState> {
  return createStore<CartState>()((set, get) => {
    const w = wiring(effects, set, get);
    return {
      ...EMPTY_CART,
      ...viewOf(EMPTY_CART),
      ...shopperActions(effects, get, w),

      receiveSnapshot(items, hasOwner) {
        w.apply(snapshotReceived(get(), items, hasOwner));
      },

      async reload() {
        const before = get().serverCarts;
        let snapshot: CartSnapshot | null;
        try {
          snapshot = await effects.fetchSnapshot();
        } catch {
          return; // Offline: the live stream brings the cart back when it reconnects.
        }
        // A server cart that landed meanwhile is at least as new.
        if (!snapshot || get().serverCarts !== before) return;
        get().receiveSnapshot(snapshot.items, snapshot.hasOwner);
      },
    };
  });
}
