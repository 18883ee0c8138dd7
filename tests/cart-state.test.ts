/**
 * The browser's cart state (lib/cart/optimistic-cart.ts, which
 * lib/cart/browser/cart-state.ts wires to the real server actions, GET
 * /api/cart and the toasts) driven with fakes whose answers the test releases
 * one by one: streamed snapshots that arrive while the shopper's own adds and
 * deletes are in flight never undo them on screen; once the last one settles
 * the newest server cart wins, and the cart is read once more if the stream
 * spoke meanwhile; a refused or failed operation rolls back with an error toast;
 * a delete's toast can undo it.
 *
 * The pure module is tested, not the client-only wrapper: that one imports
 * the "use server" actions (the store, next-auth) and `client-only`, which
 * throws under this runner's react-server condition by design.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CartEntry } from "@/lib/cart/cart-entry";
import type { CartProduct } from "@/lib/cart/cart-lines";
import type { CartSnapshot } from "@/lib/cart/cart-snapshot";
import { createCartState, UNREACHABLE_MESSAGE, type CartActionOutcome } from "@/lib/cart/optimistic-cart";

const lamp: CartProduct = { id: "lamp", name: "Lamp", priceCents: 3999, image: "/products/lamp.webp" };
const mug: CartProduct = { id: "mug", name: "Mug", priceCents: 1250, image: "/products/mug.webp" };
const book: CartProduct = { id: "book", name: "Book", priceCents: 2000, image: "/products/book.webp" };

const line = (product: CartProduct, cartQuantity: number): CartEntry => ({
  ...product,
  cartQuantity,
  available: true,
  addedPriceCents: product.priceCents,
});

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the awaiting continuations run (the state's own awaits, the test's). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A cart state whose every action and read waits for the test to answer it. */
function harness() {
  const adds: { id: string; answer: ReturnType<typeof deferred<CartActionOutcome>> }[] = [];
  const removes: { id: string; answer: ReturnType<typeof deferred<CartActionOutcome>> }[] = [];
  const sets: { id: string; quantity: number; answer: ReturnType<typeof deferred<CartActionOutcome>> }[] = [];
  const restores: { id: string; quantity: number; answer: ReturnType<typeof deferred<CartActionOutcome>> }[] = [];
  /** The Undo of each removed toast, in order (null: offered none). */
  const undos: ((() => void) | null)[] = [];
  const reads: ReturnType<typeof deferred<CartSnapshot | null>>[] = [];
  const toasts: string[] = [];
  let shown = 0;
  const cart = createCartState({
    add(id) {
      const answer = deferred<CartActionOutcome>();
      adds.push({ id, answer });
      return answer.promise;
    },
    remove(id) {
      const answer = deferred<CartActionOutcome>();
      removes.push({ id, answer });
      return answer.promise;
    },
    setQuantity(id, quantity) {
      const answer = deferred<CartActionOutcome>();
      sets.push({ id, quantity, answer });
      return answer.promise;
    },
    restore(id, quantity) {
      const answer = deferred<CartActionOutcome>();
      restores.push({ id, quantity, answer });
      return answer.promise;
    },
    fetchSnapshot() {
      const read = deferred<CartSnapshot | null>();
      reads.push(read);
      return read.promise;
    },
    toasts: {
      added: () => (toasts.push("added"), `toast-${++shown}`),
      increased: () => (toasts.push("increased"), `toast-${++shown}`),
      removed: (entry, undo) => (toasts.push(`removed ${entry.id}${undo ? " with undo" : ""}`), undos.push(undo), `toast-${++shown}`),
      error: (message) => void toasts.push(`error: ${message}`),
      dismiss: (id) => void toasts.push(`dismiss ${id}`),
    },
  });
  /** The visible cart as "id×quantity". */
  const view = () => cart.getState().cartItems.map((item) => `${item.id}×${item.cartQuantity}`);
  return { cart, adds, removes, sets, restores, undos, reads, toasts, view };
}

/** A harness whose server cart is `items` (a signed-in owner's, as the stream's first snapshot says). */
function loaded(items: CartEntry[]) {
  const h = harness();
  h.cart.getState().receiveSnapshot(items, true);
  return h;
}

describe("cart state: snapshots streamed while operations are in flight", () => {
  it("an older snapshot arriving during an add does not undo the add", async () => {
    const h = loaded([line(mug, 1)]);
    const adding = h.cart.getState().addToCart(lamp);
    assert.deepEqual(h.view(), ["mug×1", "lamp×1"]);
    // The stream reports the cart as it was before the add reached the server.
    h.cart.getState().receiveSnapshot([line(mug, 1)], true);
    assert.deepEqual(h.view(), ["mug×1", "lamp×1"]);
    assert.equal(h.cart.getState().cartTotalQuantity, 2);
    assert.equal(h.cart.getState().staleWhilePending, true);
    h.adds[0].answer.resolve({ ok: true, cart: [line(mug, 1), line(lamp, 1)] });
    await adding;
    assert.deepEqual(h.view(), ["mug×1", "lamp×1"]);
    assert.deepEqual(h.cart.getState().pending, []);
  });

  it("an older snapshot arriving during a delete does not bring the line back", async () => {
    const h = loaded([line(mug, 2), line(lamp, 1)]);
    const removing = h.cart.getState().removeFromCart("mug");
    assert.deepEqual(h.view(), ["lamp×1"]);
    h.cart.getState().receiveSnapshot([line(mug, 2), line(lamp, 1)], true);
    assert.deepEqual(h.view(), ["lamp×1"]);
    assert.equal(h.cart.getState().cartTotalAmount, 3999);
    h.removes[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await removing;
    assert.deepEqual(h.view(), ["lamp×1"]);
  });

  it("an add the server confirmed stays shown while another is still in flight", async () => {
    const h = loaded([]);
    const first = h.cart.getState().addToCart(lamp);
    const second = h.cart.getState().addToCart(mug);
    assert.deepEqual(h.view(), ["lamp×1", "mug×1"]);
    // The first answer's cart was read before the second add was written.
    h.adds[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await first;
    assert.deepEqual(h.view(), ["lamp×1", "mug×1"]);
    h.adds[1].answer.resolve({ ok: true, cart: [line(lamp, 1), line(mug, 1)] });
    await second;
    assert.deepEqual(h.view(), ["lamp×1", "mug×1"]);
    assert.deepEqual(
      h.cart.getState().serverItems.map((item) => item.id),
      ["lamp", "mug"],
    );
  });

  it("once the operations settle, the newest server cart wins and the cart is read once more", async () => {
    const h = loaded([line(mug, 1)]);
    const adding = h.cart.getState().addToCart(lamp);
    // Another tab adds a book: the stream says so while our add is in flight.
    h.cart.getState().receiveSnapshot([line(mug, 1), line(book, 1)], true);
    assert.deepEqual(h.view(), ["mug×1", "lamp×1"]);
    // Our add's answer was read before the book landed.
    h.adds[0].answer.resolve({ ok: true, cart: [line(mug, 1), line(lamp, 1)] });
    await adding;
    assert.deepEqual(h.view(), ["mug×1", "lamp×1"]);
    assert.equal(h.reads.length, 1, "the stream spoke while the add was in flight: the cart is read once more");
    h.reads[0].resolve({ items: [line(mug, 1), line(book, 1), line(lamp, 1)], hasOwner: true });
    await flush();
    assert.deepEqual(h.view(), ["mug×1", "book×1", "lamp×1"]);
    assert.equal(h.cart.getState().staleWhilePending, false);
  });

  it("when the last operation is refused, the snapshot that arrived meanwhile is shown at once", async () => {
    const h = loaded([line(mug, 1)]);
    const adding = h.cart.getState().addToCart(lamp);
    h.cart.getState().receiveSnapshot([line(mug, 1), line(book, 1)], true);
    h.adds[0].answer.resolve({ ok: false, error: "That product is no longer available." });
    await adding;
    assert.deepEqual(h.view(), ["mug×1", "book×1"]);
    assert.equal(h.reads.length, 1);
  });

  it("a later snapshot wins over an earlier one received while in flight", async () => {
    const h = loaded([]);
    const removing = h.cart.getState().removeFromCart("mug");
    h.cart.getState().receiveSnapshot([line(book, 1)], true);
    h.cart.getState().receiveSnapshot([line(book, 2)], true);
    h.removes[0].answer.resolve({ ok: false, error: "The shop is briefly unavailable. Please try again in a moment." });
    await removing;
    assert.deepEqual(h.view(), ["book×2"]);
  });

  it("operations that settle with no snapshot in between do not read the cart again", async () => {
    const h = loaded([]);
    const adding = h.cart.getState().addToCart(lamp);
    h.adds[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await adding;
    assert.equal(h.reads.length, 0);
    assert.equal(h.cart.getState().staleWhilePending, false);
  });

  it("a snapshot with nothing in flight replaces the cart at once", () => {
    const h = loaded([line(mug, 1)]);
    h.cart.getState().receiveSnapshot([line(book, 3)], true);
    assert.deepEqual(h.view(), ["book×3"]);
    assert.equal(h.cart.getState().cartTotalAmount, 6000);
  });
});

describe("cart state: failures roll back", () => {
  it("a refused add is rolled back, its toast replaced by the server's words", async () => {
    const h = loaded([line(mug, 1)]);
    const adding = h.cart.getState().addToCart(lamp);
    assert.deepEqual(h.view(), ["mug×1", "lamp×1"]);
    h.adds[0].answer.resolve({ ok: false, error: "That product is no longer available." });
    await adding;
    assert.deepEqual(h.view(), ["mug×1"]);
    assert.equal(h.cart.getState().cartTotalQuantity, 1);
    assert.deepEqual(h.cart.getState().pending, []);
    assert.deepEqual(h.toasts, ["added", "dismiss toast-1", "error: That product is no longer available."]);
  });

  it("an add that cannot reach the server is rolled back with the unreachable message", async () => {
    const h = loaded([line(lamp, 1)]);
    const adding = h.cart.getState().addToCart(lamp);
    assert.deepEqual(h.view(), ["lamp×2"]);
    h.adds[0].answer.reject(new TypeError("Failed to fetch"));
    await adding;
    assert.deepEqual(h.view(), ["lamp×1"]);
    assert.deepEqual(h.toasts, ["increased", "dismiss toast-1", `error: ${UNREACHABLE_MESSAGE}`]);
  });

  it("a refused add while another is in flight rolls back only itself", async () => {
    const h = loaded([]);
    const good = h.cart.getState().addToCart(lamp);
    const bad = h.cart.getState().addToCart(mug);
    h.adds[1].answer.resolve({ ok: false, error: "That product is no longer available." });
    await bad;
    assert.deepEqual(h.view(), ["lamp×1"]);
    h.adds[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await good;
    assert.deepEqual(h.view(), ["lamp×1"]);
  });

  it("a refused delete brings the line back", async () => {
    const h = loaded([line(mug, 2)]);
    const removing = h.cart.getState().removeFromCart("mug");
    assert.deepEqual(h.view(), []);
    h.removes[0].answer.resolve({ ok: false, error: "The shop is briefly unavailable. Please try again in a moment." });
    await removing;
    assert.deepEqual(h.view(), ["mug×2"]);
    assert.deepEqual(h.toasts, [
      "removed mug with undo",
      "dismiss toast-1",
      "error: The shop is briefly unavailable. Please try again in a moment.",
    ]);
  });
});

describe("cart state: reloads and the owner", () => {
  it("a reload that lands after a newer server cart is dropped", async () => {
    const h = loaded([line(mug, 1)]);
    const reloading = h.cart.getState().reload();
    h.cart.getState().receiveSnapshot([line(book, 1)], true);
    h.reads[0].resolve({ items: [line(mug, 1)], hasOwner: true });
    await reloading;
    assert.deepEqual(h.view(), ["book×1"]);
  });

  it("a reload that lands after an add's answer is dropped (it may have been read before the add)", async () => {
    const h = loaded([]);
    const reloading = h.cart.getState().reload();
    const adding = h.cart.getState().addToCart(lamp);
    h.adds[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await adding;
    h.reads[0].resolve({ items: [], hasOwner: true });
    await reloading;
    assert.deepEqual(h.view(), ["lamp×1"]);
  });

  it("a reload that fails keeps the cart shown", async () => {
    const h = loaded([line(mug, 1)]);
    const failed = h.cart.getState().reload();
    h.reads[0].reject(new TypeError("Failed to fetch"));
    await failed;
    const unavailable = h.cart.getState().reload();
    h.reads[1].resolve(null);
    await unavailable;
    assert.deepEqual(h.view(), ["mug×1"]);
  });

  it("a guest's first add creates the cart: hasOwner turns true and the stream is told to reconnect", async () => {
    const h = harness();
    h.cart.getState().receiveSnapshot([], false);
    assert.equal(h.cart.getState().loaded, true);
    const adding = h.cart.getState().addToCart(lamp);
    h.adds[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await adding;
    assert.equal(h.cart.getState().hasOwner, true);
    assert.equal(h.cart.getState().streamEpoch, 1);
    const again = h.cart.getState().addToCart(lamp);
    h.adds[1].answer.resolve({ ok: true, cart: [line(lamp, 2)] });
    await again;
    assert.equal(h.cart.getState().streamEpoch, 1, "only the add that created the cart reconnects the stream");
    assert.deepEqual(h.view(), ["lamp×2"]);
  });

  it("an add or an undo that makes the cart's first line again (it was emptied, here or in another tab) reconnects the streams", async () => {
    const h = loaded([]);
    assert.equal(h.cart.getState().hasOwner, true);
    const adding = h.cart.getState().addToCart(lamp);
    h.adds[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await adding;
    assert.equal(h.cart.getState().streamEpoch, 1, "another tab's stream opened while the cart had no line follows nothing");
    const second = h.cart.getState().addToCart(mug);
    h.adds[1].answer.resolve({ ok: true, cart: [line(lamp, 1), line(mug, 1)] });
    await second;
    assert.equal(h.cart.getState().streamEpoch, 1, "a second line changes nothing");

    const emptied = harness();
    emptied.cart.getState().receiveSnapshot([line(mug, 3)], true);
    const removing = emptied.cart.getState().removeFromCart(mug.id);
    emptied.removes[0].answer.resolve({ ok: true, cart: [] });
    await removing;
    emptied.undos[0]!();
    await flush();
    emptied.restores[0].answer.resolve({ ok: true, cart: [line(mug, 3)] });
    await flush();
    assert.equal(emptied.cart.getState().streamEpoch, 1, "the undo made the first line again");
    assert.deepEqual(emptied.view(), ["mug×3"]);
  });
});

describe("cart state: quantities set with the stepper", () => {
  it("shows a set quantity at once, with totals and badge, and keeps it when the server confirms", async () => {
    const h = loaded([line(lamp, 1), line(mug, 2)]);
    const setting = h.cart.getState().setQuantity("lamp", 5);
    assert.deepEqual(h.view(), ["lamp×5", "mug×2"]);
    assert.equal(h.cart.getState().cartTotalQuantity, 7);
    assert.equal(h.cart.getState().cartTotalAmount, 22495);
    assert.deepEqual(
      h.sets.map((s) => [s.id, s.quantity]),
      [["lamp", 5]],
    );
    h.sets[0].answer.resolve({ ok: true, cart: [line(lamp, 5), line(mug, 2)] });
    await setting;
    assert.deepEqual(h.view(), ["lamp×5", "mug×2"]);
    assert.deepEqual(h.cart.getState().pending, []);
  });

  it("rolls a refused quantity back with the server's message", async () => {
    const h = loaded([line(lamp, 3)]);
    const setting = h.cart.getState().setQuantity("lamp", 9);
    assert.deepEqual(h.view(), ["lamp×9"]);
    h.sets[0].answer.resolve({ ok: false, error: "That product is no longer available." });
    await setting;
    assert.deepEqual(h.view(), ["lamp×3"]);
    assert.deepEqual(h.toasts, ["error: That product is no longer available."]);
  });

  it("rolls back when the server cannot be reached", async () => {
    const h = loaded([line(lamp, 3)]);
    const setting = h.cart.getState().setQuantity("lamp", 4);
    h.sets[0].answer.reject(new TypeError("Failed to fetch"));
    await setting;
    assert.deepEqual(h.view(), ["lamp×3"]);
    assert.deepEqual(h.toasts, [`error: ${UNREACHABLE_MESSAGE}`]);
  });

  it("a stale snapshot during a set does not undo it; the newest cart wins once it settles", async () => {
    const h = loaded([line(lamp, 1)]);
    const setting = h.cart.getState().setQuantity("lamp", 2);
    h.cart.getState().receiveSnapshot([line(lamp, 1)], true);
    assert.deepEqual(h.view(), ["lamp×2"]);
    h.sets[0].answer.resolve({ ok: true, cart: [line(lamp, 2)] });
    await setting;
    assert.deepEqual(h.view(), ["lamp×2"]);
  });

  it("counts a deleted product's line in neither total", () => {
    const h = loaded([line(lamp, 2), { ...line(mug, 4), available: false }]);
    assert.equal(h.cart.getState().cartTotalQuantity, 2);
    assert.equal(h.cart.getState().cartTotalAmount, 7998);
  });
});

describe("cart state: a delete's undo", () => {
  const deleted = async (items: CartEntry[], id: string) => {
    const h = loaded(items);
    const removing = h.cart.getState().removeFromCart(id);
    h.removes[0].answer.resolve({ ok: true, cart: items.filter((item) => item.id !== id) });
    await removing;
    return h;
  };

  it("a delete shows a toast with Undo, which puts the line back at once with its quantity and then on the server", async () => {
    const h = await deleted([line(mug, 3), line(lamp, 1)], "mug");
    assert.deepEqual(h.view(), ["lamp×1"]);
    assert.deepEqual(h.toasts, ["removed mug with undo"]);
    h.undos[0]!();
    // At the end, where the server puts a new line.
    assert.deepEqual(h.view(), ["lamp×1", "mug×3"]);
    assert.equal(h.cart.getState().cartTotalQuantity, 4);
    assert.deepEqual(h.toasts, ["removed mug with undo", "dismiss toast-1"]);
    await flush();
    assert.deepEqual(
      h.restores.map((r) => [r.id, r.quantity]),
      [["mug", 3]],
    );
    h.restores[0].answer.resolve({ ok: true, cart: [line(lamp, 1), line(mug, 3)] });
    await flush();
    assert.deepEqual(h.view(), ["lamp×1", "mug×3"]);
    assert.deepEqual(h.cart.getState().pending, []);
  });

  it("Undo runs the view's onUndo first, and only once however often it is pressed", async () => {
    const h = loaded([line(mug, 2)]);
    const calls: string[] = [];
    const removing = h.cart.getState().removeFromCart("mug", { onUndo: () => calls.push("onUndo") });
    h.removes[0].answer.resolve({ ok: true, cart: [] });
    await removing;
    h.undos[0]!();
    h.undos[0]!();
    await flush();
    assert.deepEqual(calls, ["onUndo"]);
    assert.equal(h.restores.length, 1);
  });

  it("an Undo pressed before the delete is answered waits for it, so the two never cross", async () => {
    const h = loaded([line(mug, 2)]);
    const removing = h.cart.getState().removeFromCart("mug");
    h.undos[0]!();
    assert.deepEqual(h.view(), ["mug×2"]);
    await flush();
    assert.equal(h.restores.length, 0);
    h.removes[0].answer.resolve({ ok: true, cart: [] });
    await removing;
    await flush();
    assert.deepEqual(h.view(), ["mug×2"], "the line stays shown between the two answers");
    assert.deepEqual(
      h.restores.map((r) => [r.id, r.quantity]),
      [["mug", 2]],
    );
    h.restores[0].answer.resolve({ ok: true, cart: [line(mug, 2)] });
    await flush();
    assert.deepEqual(h.view(), ["mug×2"]);
  });

  it("an Undo of a delete that was refused puts nothing back: the line never left", async () => {
    const h = loaded([line(mug, 2)]);
    const removing = h.cart.getState().removeFromCart("mug");
    h.undos[0]!();
    h.removes[0].answer.resolve({ ok: false, error: "The shop is briefly unavailable. Please try again in a moment." });
    await removing;
    await flush();
    assert.equal(h.restores.length, 0);
    assert.deepEqual(h.view(), ["mug×2"]);
    assert.deepEqual(h.cart.getState().pending, []);
  });

  it("a refused Undo takes the line away again and says why, with the product's name", async () => {
    const h = await deleted([line(mug, 2), line(lamp, 1)], "mug");
    h.undos[0]!();
    await flush();
    assert.deepEqual(h.view(), ["lamp×1", "mug×2"]);
    h.restores[0].answer.resolve({ ok: false, error: "That product is no longer available." });
    await flush();
    assert.deepEqual(h.view(), ["lamp×1"]);
    assert.equal(h.toasts.at(-1), "error: Mug could not be put back. That product is no longer available.");
  });

  it("an Undo that cannot reach the server is rolled back with the unreachable message", async () => {
    const h = await deleted([line(mug, 2)], "mug");
    h.undos[0]!();
    await flush();
    h.restores[0].answer.reject(new TypeError("Failed to fetch"));
    await flush();
    assert.deepEqual(h.view(), []);
    assert.equal(h.toasts.at(-1), `error: Mug could not be put back. ${UNREACHABLE_MESSAGE}`);
  });

  it("a line shown again meanwhile (added in another tab) is not doubled on screen; the server's answer says how many", async () => {
    const h = await deleted([line(mug, 2)], "mug");
    h.cart.getState().receiveSnapshot([line(mug, 1)], true);
    h.undos[0]!();
    assert.deepEqual(h.view(), ["mug×1"]);
    await flush();
    h.restores[0].answer.resolve({ ok: true, cart: [line(mug, 3)] });
    await flush();
    assert.deepEqual(h.view(), ["mug×3"]);
  });

  it("a deleted product's line goes without an Undo (it cannot come back)", async () => {
    const h = await deleted([{ ...line(mug, 2), available: false }, line(lamp, 1)], "mug");
    assert.deepEqual(h.toasts, ["removed mug"]);
    assert.deepEqual(h.undos, [null]);
  });

  it("a delete of a line no longer shown offers no toast", async () => {
    const h = loaded([line(lamp, 1)]);
    const removing = h.cart.getState().removeFromCart("mug");
    h.removes[0].answer.resolve({ ok: true, cart: [line(lamp, 1)] });
    await removing;
    assert.deepEqual(h.toasts, []);
  });
});
