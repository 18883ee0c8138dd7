/**
 * The store as the live stream's cart source. `Store.hasCart` (one read) is
 * being added to the contract; until the store in use has it, whether a cart
 * exists is read from its lines (a cart with no lines is no cart to follow).
 * Either way a made-up cookie costs no cart listener. Once every Store has
 * hasCart, this file reduces to returning the store.
 */
import type { CartOwner, Store } from "@/lib/data/types";
import type { LiveCartSource } from "./stream";

type StoreMaybeWithHasCart = Pick<Store, "listCart" | "watchCart"> & { hasCart?: (owner: CartOwner) => Promise<boolean> };

export function liveCartSource(store: StoreMaybeWithHasCart): LiveCartSource {
  return {
    hasCart: (owner) =>
      typeof store.hasCart === "function"
        ? store.hasCart(owner)
        : store.listCart(owner).then((items) => items.length > 0),
    listCart: (owner) => store.listCart(owner),
    watchCart: (owner, onChange) => store.watchCart(owner, onChange),
  };
}
