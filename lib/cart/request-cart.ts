/**
 * The cart actions with the request as an argument: whose cart (decided
 * from the session, else the guest cookie: owner.ts), which store, and where
 * lines find their product now. The "use server" actions (actions.ts) pass
 * the real request; tests pass a session whose check fails and a store they
 * watch. Each action may name the owner its page shows (session-guard.ts);
 * a session that is someone else is refused before anything is written.
 */
import "server-only";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import type { ExpectedOwner } from "./session-guard";
import type { LineQuantity } from "@/lib/data/contract/cart";
import type { ProductId } from "@/lib/data/contract/catalog";
import { parseCartProductId, parseExpectedOwner, parseLineQuantity } from "./parse-input";
import {
  cartFailure,
  failureFromError,
  type AddToCartResult,
  type CartFailure,
  type RemoveFromCartResult,
  type SetCartQuantityResult,
} from "./results";
import { addToOwnerCart, removeFromOwnerCart, restoreToOwnerCart, setOwnerCartQuantity, type CurrentProducts } from "./service";

export interface CartRequest {
  /**
   * Throws when the owner cannot be decided (a session the store could not
   * check), and OwnerMismatchError when the session is not the `expected`
   * owner (session-guard.ts).
   */
  owner(options: { create: boolean; expected?: ExpectedOwner }): Promise<CartOwner | null>;
  store(): Promise<Store>;
  products: CurrentProducts;
}

/** A cart change's arguments, parsed; or the failure a bad one answers. */
type Parsed<T> = { ok: true; value: T } | CartFailure;

/**
 * The one set-up every cart action shares: its arguments parsed (before the
 * owner lookup: a bad call must not even create a cart cookie), the owner
 * decided (`create`: an add may make a guest's cart, a set or remove never
 * does, and sees null for a guest without one), the store opened, then
 * `change` run; an owner that cannot be decided, or a store that fails, is
 * the action's failure, never a throw.
 */
async function withRequestCart<T, Result>(
  request: CartRequest,
  args: Parsed<T>,
  expectedOwner: unknown,
  create: boolean,
  change: (store: Store, owner: CartOwner | null, args: T) => Promise<Result>,
): Promise<Result | CartFailure> {
  if (!args.ok) return args;
  const expected = parseExpectedOwner(expectedOwner);
  if (!expected.ok) return expected;
  try {
    const owner = await request.owner({ create, expected: expected.expected });
    return await change(await request.store(), owner, args.value);
  } catch (error) {
    // An owner that cannot be decided is "unavailable", never a guest cart.
    return failureFromError(error);
  }
}

/** A product id and a quantity, parsed, or the failure of the first bad one. */
function idAndQuantity(productId: unknown, quantity: unknown): Parsed<{ id: ProductId; quantity: LineQuantity }> {
  const id = parseCartProductId(productId);
  if (!id.ok) return id;
  const parsed = parseLineQuantity(quantity);
  return parsed.ok ? { ok: true, value: { id: id.id, quantity: parsed.quantity } } : parsed;
}

const productIdOnly = (productId: unknown): Parsed<ProductId> => {
  const id = parseCartProductId(productId);
  return id.ok ? { ok: true, value: id.id } : id;
};

export function addToRequestCart(request: CartRequest, productId: unknown, expectedOwner?: unknown): Promise<AddToCartResult> {
  return withRequestCart(request, productIdOnly(productId), expectedOwner, true, async (store, owner, id) =>
    owner ? addToOwnerCart(store, owner, id, request.products) : cartFailure("unavailable"),
  );
}

/** Puts a deleted line back with its quantity (the undo of a Delete; service.ts says how): the guest cart may have ended with its last line, so the undo makes it again, as an add does. */
export function restoreToRequestCart(
  request: CartRequest,
  productId: unknown,
  quantity: unknown,
  expectedOwner?: unknown,
): Promise<AddToCartResult> {
  return withRequestCart(request, idAndQuantity(productId, quantity), expectedOwner, true, async (store, owner, { id, quantity: units }) =>
    owner ? restoreToOwnerCart(store, owner, id, units, request.products) : cartFailure("unavailable"),
  );
}

export function setRequestCartQuantity(
  request: CartRequest,
  productId: unknown,
  quantity: unknown,
  expectedOwner?: unknown,
): Promise<SetCartQuantityResult> {
  return withRequestCart(request, idAndQuantity(productId, quantity), expectedOwner, false, async (store, owner, { id, quantity: units }) =>
    setOwnerCartQuantity(store, owner, id, units, request.products),
  );
}

export function removeFromRequestCart(request: CartRequest, productId: unknown, expectedOwner?: unknown): Promise<RemoveFromCartResult> {
  return withRequestCart(request, productIdOnly(productId), expectedOwner, false, async (store, owner, id) =>
    removeFromOwnerCart(store, owner, id, request.products),
  );
}
