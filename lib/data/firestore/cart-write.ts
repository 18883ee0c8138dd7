/**
 * One cart as a Firestore write transaction sees it, and the writes that end
 * the change, staged by commit() once every read is done (a transaction
 * reads first, then writes).
 *
 * Every change to a guest's cart restamps the expiry of each of its lines
 * (cart-bounds.ts), so a guest's cart is read whole, with one query, and
 * counts its lines from it; a line already past its expiry is gone, and
 * deleted with the change unless the change writes it anew.
 *
 * An account's lines never expire: only the lines a change names are read
 * (unless the caller asks for the whole cart), and the cart's count is its
 * counter document, carts/{owner} {lines} (CartCountDoc), read when a line
 * is created or removed and rewritten in the same commit. Two instances
 * creating lines at once so both write that one document, and Firestore
 * lets only one commit on what it read: the other reruns and sees the new
 * count. A cart from before the counter is counted once (a count
 * aggregation, one read) and gets one.
 */
import { Timestamp, type CollectionReference, type DocumentReference, type Firestore, type Transaction } from "firebase-admin/firestore";
import { isLive, lineExpiry } from "../cart-bounds";
import type { CartItem, CartOwner } from "../types";
import { COLLECTIONS, byCartOrder, cartDocFromItem, cartItemFromDoc, type CartCountDoc } from "./mapping";
import { docId } from "./paths";

/** Where one owner's cart lives: carts/{owner} (an account's line count) and carts/{owner}/items/{productId}. */
export interface CartRefs {
  readonly owner: CartOwner;
  readonly counter: DocumentReference;
  readonly lines: CollectionReference;
  line(productId: string): DocumentReference;
}

export function cartRefs(db: Firestore, owner: CartOwner): CartRefs {
  const counter = db.collection(COLLECTIONS.carts).doc(docId(owner, "cart owner"));
  const lines = counter.collection(COLLECTIONS.cartItems);
  return { owner, counter, lines, line: (productId) => lines.doc(docId(productId, "product id")) };
}

export interface CartWrite {
  /** The product's line as read, null when there is none or it has expired. */
  line(productId: string): CartItem | null;
  /** Every live line as read, oldest first; only for a cart read whole. */
  lines(): CartItem[];
  /** How many live lines the cart holds, before this change. */
  count(): Promise<number>;
  /** Writes `item` as the product's whole line, created or replaced; its expiry is the cart's. */
  put(item: CartItem): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  /** Stages the change's writes in the transaction (after the count's read, when it needs one); none when nothing changed. */
  commit(): Promise<void>;
}

type Change = { put: CartItem } | { quantity: number } | "remove";

/**
 * Reads `cart` for a change made `at`: the lines of `named` products, or
 * every line when `whole` is asked for or the owner is a guest.
 */
export async function readCartForWrite(
  tx: Transaction,
  cart: CartRefs,
  at: number,
  named: readonly string[],
  { whole = false }: { whole?: boolean } = {},
): Promise<CartWrite> {
  const expiry = lineExpiry(cart.owner, at);
  const readWhole = whole || expiry !== null;
  const live = new Map<string, CartItem>();
  const expired: string[] = [];
  const snaps = readWhole ? (await tx.get(cart.lines)).docs : named.length > 0 ? await tx.getAll(...named.map(cart.line)) : [];
  for (const snap of snaps) {
    if (!snap.exists) continue;
    const item = cartItemFromDoc(snap.id, snap.data()!);
    if (isLive(item.expiresAt, at)) live.set(snap.id, item);
    else expired.push(snap.id);
  }

  let counted: Promise<number> | undefined;
  const count = () => (counted ??= readWhole ? Promise.resolve(live.size) : readCounter(tx, cart));

  const changes = new Map<string, Change>();
  const stamp = expiry === null ? {} : { expiresAt: Timestamp.fromMillis(expiry) };
  return {
    line: (productId) => live.get(productId) ?? null,
    lines: () => {
      if (!readWhole) throw new Error(`The cart of ${cart.owner} was not read whole`);
      return [...live.values()].sort(byCartOrder);
    },
    count,
    put: (item) => void changes.set(item.productId, { put: item }),
    setQuantity: (productId, quantity) => void changes.set(productId, { quantity }),
    remove: (productId) => void changes.set(productId, "remove"),
    commit: async () => {
      if (changes.size === 0) return;
      // Lines created (put where none was live) less lines removed.
      let delta = 0;
      for (const [productId, change] of changes) {
        if (change === "remove") delta -= live.has(productId) ? 1 : 0;
        else if ("put" in change) delta += live.has(productId) ? 0 : 1;
      }
      const counter: CartCountDoc | null = expiry === null && delta !== 0 ? { lines: (await count()) + delta } : null;

      for (const [productId, change] of changes) {
        const ref = cart.line(productId);
        if (change === "remove") tx.delete(ref);
        else if ("put" in change) tx.set(ref, cartDocFromItem({ ...change.put, expiresAt: expiry }));
        else tx.update(ref, { quantity: change.quantity, ...stamp });
      }
      if (counter) tx.set(cart.counter, counter);
      if (expiry === null) return;
      for (const productId of live.keys()) if (!changes.has(productId)) tx.update(cart.line(productId), stamp);
      for (const productId of expired) if (!changes.has(productId)) tx.delete(cart.line(productId));
    },
  };
}

/** An account's line count: its counter document, or (a cart from before the counter) a count of its lines. */
async function readCounter(tx: Transaction, cart: CartRefs): Promise<number> {
  const snap = await tx.get(cart.counter);
  const lines = snap.get("lines");
  if (typeof lines === "number" && Number.isInteger(lines) && lines >= 0) return lines;
  if (snap.exists) console.warn(`carts/${cart.owner} holds no valid line count (${String(lines)}): counting its lines`);
  return (await tx.get(cart.lines.count())).data().count;
}
