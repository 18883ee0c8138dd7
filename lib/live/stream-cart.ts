/**
 * The cart half of one tab's live stream (stream.ts): the visitor's cart
 * sent as `cart` events, in the order its lines arrived, and the listener
 * that follows it.
 */
import { toCartEntries, type ProductLookup } from "@/lib/cart/cart-entry";
import type { StreamProducts } from "@/lib/cart/stream-products";
import type { CartItem, CartOwner } from "@/lib/data/contract/cart";
import type { Unsubscribe } from "@/lib/data/contract/feeds";
import { LIVE_EVENT } from "./protocol";
import { sseEvent } from "./sse";
import type { SseChannel } from "./sse-stream";

/** The part of the store a live stream uses. */
export interface LiveCartSource {
  /** Whether the owner has a cart at all; one read. */
  hasCart(owner: CartOwner): Promise<boolean>;
  listCart(owner: CartOwner): Promise<CartItem[]>;
  watchCart(owner: CartOwner, onChange: (items: CartItem[]) => void): Unsubscribe;
}

/** Ends the stream after `onError` has said why; the browser reconnects after the retry delay and starts over. */
export type EndForRetry = (message: string, error: unknown) => void;

/** Sends `cart` events; `sendAgain` re-sends the last lines, joined again with the catalogue. */
export interface CartSender {
  send(items: CartItem[], hasOwner: boolean): void;
  sendAgain(): void;
}

export function cartSender(channel: SseChannel, products: StreamProducts, endForRetry: EndForRetry): CartSender {
  /** The cart's last lines, joined again with the catalogue after each catalogue change. */
  let lastCart: { items: CartItem[]; hasOwner: boolean } | null = null;
  /** Cart events are sent in the order their lines arrived, however long each catalogue read takes. */
  let cartSends = Promise.resolve();
  const send = (items: CartItem[], hasOwner: boolean) => {
    lastCart = { items, hasOwner };
    cartSends = cartSends.then(async () => {
      if (channel.closed) return;
      let lookup: ProductLookup;
      try {
        lookup = await products.lookup(items.map((item) => item.productId));
      } catch (error) {
        return endForRetry("Could not read the catalogue for the cart's lines", error);
      }
      channel.send(sseEvent(LIVE_EVENT.cart, { items: toCartEntries(items, lookup), hasOwner }));
    });
  };
  return {
    send,
    sendAgain() {
      if (lastCart && lastCart.items.length > 0) send(lastCart.items, lastCart.hasOwner);
    },
  };
}

interface FollowCart {
  channel: SseChannel;
  carts: LiveCartSource;
  /** Whether a guest owner's cart exists, when the caller already asked. */
  cartExists: boolean | undefined;
  cart: CartSender;
  endForRetry: EndForRetry;
}

/**
 * Sends `owner`'s cart and follows it. For a guest, one read decides
 * whether this stream follows a cart at all: anyone can make up a guest
 * cookie, and a listener per made-up cookie would cost the instance a
 * database listener each. A signed-in owner is proven by the session, and
 * is always followed: their cart may be created on another device while
 * this tab is open.
 */
export async function followCart(owner: CartOwner, { channel, carts, cartExists, cart, endForRetry }: FollowCart) {
  if (channel.closed) return;
  let exists: boolean;
  if (owner.startsWith("user:")) {
    exists = true;
  } else if (cartExists !== undefined) {
    exists = cartExists;
  } else {
    try {
      exists = await carts.hasCart(owner);
    } catch (error) {
      return endForRetry("Could not check the cart for the live stream", error);
    }
  }
  if (channel.closed) return;
  if (!exists) return cart.send([], false);
  // Subscribe before the first read, so no change falls between the two.
  let changed = false;
  let unsubscribe: Unsubscribe;
  try {
    unsubscribe = carts.watchCart(owner, (items) => {
      changed = true;
      cart.send(items, true);
    });
  } catch (error) {
    return endForRetry("Could not watch the cart for the live stream", error);
  }
  // Released when the stream ends; at once when it ended while subscribing.
  channel.onStop(unsubscribe);
  if (channel.closed) return;
  let items: CartItem[];
  try {
    items = await carts.listCart(owner);
  } catch (error) {
    return endForRetry("Could not read the cart for the live stream", error);
  }
  // A change reported meanwhile already sent a newer cart.
  if (!changed) cart.send(items, true);
}
