/**
 * One cart as a Firestore write sees it, and the writes that end the change,
 * staged in a transaction by commit() once every read is done.
 *
 * The cart is read outside the transaction and written with preconditions
 * (unlocked-reads.ts): every line and the cart's own document carts/{owner}
 * (CartCountDoc) it writes must be as it was read (its update time), and a
 * document it found absent is created. Two instances adding to one cart at
 * once never wait on each other's locks: the first commit lands, the other
 * wrote nothing and runs again on a fresh read (its caller: carts.ts,
 * cart-add-batch.ts, place-order.ts).
 *
 * Only the lines a change names are read, with point reads, and the cart's
 * document: its line count and, for a guest, the expiry its lines carry.
 * A change that creates or removes a line writes the count, so two instances
 * filling the last place in a cart both write the cart's document: only one
 * commit finds it unchanged. A guest's document is written at every change.
 *
 * A guest's lines share one expiry, a whole day (cart-bounds.ts): the cart's
 * first change of a day reads it whole and restamps every line; its later
 * changes that day stamp only what they write. A guest cart whose stamp has
 * passed is gone with its lines; a line past its expiry is deleted with the
 * change unless the change writes it anew. An account cart from before the
 * counter is counted once (a count aggregation) and gets one.
 */
import { log } from "@/lib/log";
import {
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from "firebase-admin/firestore";
import { isLive, lineExpiry } from "../rules/cart-bounds";
import type { CartItem, CartOwner } from "../contract/cart";
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

interface CartWrite {
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
  /** Stages the change's writes in `tx`, each with its read's precondition; none when nothing changed. */
  commit(tx: Transaction): Promise<void>;
}

type Change = { put: CartItem } | { quantity: number } | "remove";

/** What carts/{owner} holds: the line count, and for a guest the expiry its lines were last stamped with. */
interface CartDocState {
  lines: number | null;
  expiresAt: number | null;
  exists: boolean;
}

function cartDocState(snap: DocumentSnapshot): CartDocState {
  const lines = snap.get("lines");
  const expiresAt = snap.get("expiresAt");
  return {
    exists: snap.exists,
    lines: typeof lines === "number" && Number.isInteger(lines) && lines >= 0 ? lines : null,
    expiresAt: expiresAt instanceof Timestamp ? expiresAt.toMillis() : null,
  };
}

/** Stages `data` on the document `read`: an update where it was unchanged since, a create where it was absent. */
function writeAsRead(tx: Transaction, read: DocumentSnapshot, data: DocumentData): void {
  if (read.exists) tx.update(read.ref, data, { lastUpdateTime: read.updateTime! });
  else tx.create(read.ref, data);
}

/**
 * Reads `cart` for a change made `at`, outside any transaction: the lines of
 * `named` products and the cart's own document, point reads only. The whole
 * cart (one query) is read when the caller asks for it, or when a guest's
 * lines need their expiry restamped: the cart's first change of a day
 * (expiries are whole days), or a cart stored before it kept its expiry.
 * `namedOnly`: the change removes every named line and the caller reads the
 * cart whole itself should it hold others (readCartToEmpty), so a restamp
 * needs no whole read.
 */
export async function readCartForWrite(
  cart: CartRefs,
  at: number,
  named: readonly string[],
  { whole = false, namedOnly = false }: { whole?: boolean; namedOnly?: boolean } = {},
): Promise<CartWrite> {
  const db = cart.counter.firestore;
  const expiry = lineExpiry(cart.owner, at);
  const guest = expiry !== null;
  // A guest's document is read at every change (its stamp decides a restamp);
  // an account's only when its count is needed or written.
  const refsToRead = [...(guest ? [cart.counter] : []), ...named.map(cart.line)];
  const snapsRead = refsToRead.length > 0 ? await db.getAll(...refsToRead) : [];
  const cartSnap = guest ? snapsRead[0] : null;
  const namedSnaps = guest ? snapsRead.slice(1) : snapsRead;
  const state = cartSnap ? cartDocState(cartSnap) : null;
  // A guest cart whose stamp has passed is gone, its lines with it (TTL deletes them later).
  const cartLive = !state || !state.exists || (state.expiresAt !== null && isLive(state.expiresAt, at));
  const legacyGuest = state !== null && (!state.exists || state.expiresAt === null) && namedSnaps.some((snap) => snap.exists);
  const restamp = state !== null && cartLive && state.exists && state.expiresAt !== null && state.expiresAt !== expiry;
  const readWhole = whole || (restamp && !namedOnly) || legacyGuest;

  // Every line document read, present or absent: what each write must find unchanged.
  const lineReads = new Map<string, DocumentSnapshot>(named.map((id, i) => [id, namedSnaps[i]]));
  const live = new Map<string, CartItem>();
  const expired: string[] = [];
  const snaps = readWhole ? (await cart.lines.get()).docs : namedSnaps;
  for (const snap of snaps) {
    if (!snap.exists) continue;
    lineReads.set(snap.id, snap);
    const item = cartItemFromDoc(snap.id, snap.data()!);
    if (cartLive && isLive(item.expiresAt, at)) live.set(snap.id, item);
    else expired.push(snap.id);
  }
  // Read whole, a line not found is absent.
  const lineRead = (productId: string): DocumentSnapshot | null => {
    const read = lineReads.get(productId);
    if (read !== undefined) return read.exists ? read : null;
    if (readWhole) return null;
    throw new Error(`The cart line of ${productId} was not read before its write`);
  };

  let cartRead: Promise<DocumentSnapshot> | undefined;
  const cartDoc = () => (cartRead ??= cartSnap ? Promise.resolve(cartSnap) : cart.counter.get());
  let counted: Promise<number> | undefined;
  const count = () => {
    if (counted) return counted;
    if (readWhole) return (counted = Promise.resolve(live.size));
    if (state) return (counted = Promise.resolve(cartLive && state.lines !== null ? state.lines : live.size));
    return (counted = cartDoc().then((snap) => accountCount(cart, snap)));
  };

  const read: CartRead = { cart, expiry, live, expired, lineRead, count, cartDoc };
  const changes = new Map<string, Change>();
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
    commit: (tx) => stageChanges(tx, read, changes),
  };
}

/** A cart as readCartForWrite read it: what its changes are staged against. */
interface CartRead {
  cart: CartRefs;
  /** The expiry the change stamps (a guest's), or null (an account's). */
  expiry: number | null;
  live: ReadonlyMap<string, CartItem>;
  expired: readonly string[];
  /** A line's document as read: null where there was none. */
  lineRead(productId: string): DocumentSnapshot | null;
  count(): Promise<number>;
  /** The cart's own document as read (read now, for an account's first need of it). */
  cartDoc(): Promise<DocumentSnapshot>;
}

/** Stages `changes` in `tx`, each write with its read's precondition; nothing when there are none. */
async function stageChanges(
  tx: Transaction,
  { cart, expiry, live, expired, lineRead, count, cartDoc }: CartRead,
  changes: ReadonlyMap<string, Change>,
) {
  if (changes.size === 0) return;
  const guest = expiry !== null;
  const stamp = guest ? { expiresAt: Timestamp.fromMillis(expiry) } : {};
  // Lines created (put where none was live) less lines removed.
  let delta = 0;
  for (const [productId, change] of changes) {
    if (change === "remove") delta -= live.has(productId) ? 1 : 0;
    else if ("put" in change) delta += live.has(productId) ? 0 : 1;
  }
  // A guest's cart document carries its count and stamp at every change;
  // an account's count only when lines come or go.
  const lines = guest || delta !== 0 ? (await count()) + delta : null;
  const counter = lines === null ? null : { read: await cartDoc(), lines };
  for (const [productId, change] of changes) {
    const read = lineRead(productId);
    const unchanged = read && { lastUpdateTime: read.updateTime! };
    if (change === "remove") {
      if (unchanged) tx.delete(cart.line(productId), unchanged);
    } else if ("put" in change) {
      const data: DocumentData = { ...cartDocFromItem({ ...change.put, expiresAt: expiry }) };
      if (unchanged) tx.update(cart.line(productId), data, unchanged);
      else tx.create(cart.line(productId), data);
    } else {
      if (!unchanged) throw new Error(`No line of ${productId} to set the quantity of`);
      tx.update(cart.line(productId), { quantity: change.quantity, ...stamp }, unchanged);
    }
  }
  if (counter) writeAsRead(tx, counter.read, { lines: counter.lines, ...stamp } satisfies CartCountDoc);
  if (!guest) return;
  // Restamped once a day: a line stamped today already carries this expiry.
  for (const [productId, item] of live) {
    if (!changes.has(productId) && item.expiresAt !== expiry) writeAsRead(tx, lineRead(productId)!, stamp);
  }
  for (const productId of expired) {
    if (!changes.has(productId)) tx.delete(cart.line(productId), { lastUpdateTime: lineRead(productId)!.updateTime! });
  }
}

/**
 * Reads `cart` whole for a change that empties it (placing an order), when
 * it should hold the lines of `expected` products: point reads of those
 * lines and the cart's count, the lines query only when none of them is
 * there or the count says the cart holds others (or readCartForWrite reads
 * it whole anyway: a guest cart from before its count).
 */
export async function readCartToEmpty(
  cart: CartRefs,
  at: number,
  expected: readonly string[],
): Promise<{ write: CartWrite; lines: CartItem[] }> {
  const named = [...new Set(expected)];
  const write = await readCartForWrite(cart, at, named, { namedOnly: true });
  const found = named.flatMap((productId) => write.line(productId) ?? []);
  if (found.length > 0 && (await write.count()) === found.length) return { write, lines: found.sort(byCartOrder) };
  const whole = await readCartForWrite(cart, at, [], { whole: true });
  return { write: whole, lines: whole.lines() };
}

/** An account's line count: its cart document's, or (a cart from before the counter) a count aggregation. */
async function accountCount(cart: CartRefs, snap: DocumentSnapshot): Promise<number> {
  const state = cartDocState(snap);
  if (state.lines !== null) return state.lines;
  if (state.exists) log.warn("store.cart_count_missing", "A cart holds no valid line count: counting its lines");
  return (await cart.lines.count().get()).data().count;
}
