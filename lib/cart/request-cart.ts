/**
 * The cart actions with the request as an argument: whose cart (decided
 * from the session, else the guest cookie: owner.ts), which store, and where
 * lines find their product now. The "use server" actions (actions.ts) pass
 * the real request; tests pass a session whose check fails and a store they
 * watch. Each action may name the owner its page shows (session-guard.ts);
 * a session that is someone else is refused before anything is written.
 */
import "server-only";
import type { CartOwner, Store } from "@/lib/data/types";
import type { ExpectedOwner } from "./session-guard";
import { parseExpectedOwner, parseLineQuantity, parseProductId } from "./parse-input";
import { cartFailure, failureFromError, type AddToCartResult, type RemoveFromCartResult, type SetCartQuantityResult } from "./results";
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

export async function addToRequestCart(request: CartRequest, productId: unknown, expectedOwner?: unknown): Promise<AddToCartResult> {
  // The arguments' one parse (parse-input.ts), before the owner lookup: a bad call must not even create a cart cookie.
  const id = parseProductId(productId);
  if (!id.ok) return id;
  const expected = parseExpectedOwner(expectedOwner);
  if (!expected.ok) return expected;
  try {
    const owner = await request.owner({ create: true, expected: expected.expected });
    if (!owner) return cartFailure("unavailable");
    return await addToOwnerCart(await request.store(), owner, id.id, request.products);
  } catch (error) {
    // An owner that cannot be decided is "unavailable", never a guest cart.
    return failureFromError(error);
  }
}

/** Puts a deleted line back with its quantity (the undo of a Delete; service.ts says how). */
export async function restoreToRequestCart(
  request: CartRequest,
  productId: unknown,
  quantity: unknown,
  expectedOwner?: unknown,
): Promise<AddToCartResult> {
  const id = parseProductId(productId);
  if (!id.ok) return id;
  const parsed = parseLineQuantity(quantity);
  if (!parsed.ok) return parsed;
  const expected = parseExpectedOwner(expectedOwner);
  if (!expected.ok) return expected;
  try {
    // The guest cart may have ended with its last line: the undo makes it again, as an add does.
    const owner = await request.owner({ create: true, expected: expected.expected });
    if (!owner) return cartFailure("unavailable");
    return await restoreToOwnerCart(await request.store(), owner, id.id, parsed.quantity, request.products);
  } catch (error) {
    return failureFromError(error);
  }
}

export async function setRequestCartQuantity(
  request: CartRequest,
  productId: unknown,
  quantity: unknown,
  expectedOwner?: unknown,
): Promise<SetCartQuantityResult> {
  const id = parseProductId(productId);
  if (!id.ok) return id;
  const parsed = parseLineQuantity(quantity);
  if (!parsed.ok) return parsed;
  const expected = parseExpectedOwner(expectedOwner);
  if (!expected.ok) return expected;
  try {
    // Never creates a cart: a quantity is only ever set on a line that exists.
    const owner = await request.owner({ create: false, expected: expected.expected });
    return await setOwnerCartQuantity(await request.store(), owner, id.id, parsed.quantity, request.products);
  } catch (error) {
    return failureFromError(error);
  }
}

export async function removeFromRequestCart(
  request: CartRequest,
  productId: unknown,
  expectedOwner?: unknown,
): Promise<RemoveFromCartResult> {
  const id = parseProductId(productId);
  if (!id.ok) return id;
  const expected = parseExpectedOwner(expectedOwner);
  if (!expected.ok) return expected;
  try {
    const owner = await request.owner({ create: false, expected: expected.expected });
    return await removeFromOwnerCart(await request.store(), owner, id.id, request.products);
  } catch (error) {
    return failureFromError(error);
  }
}
