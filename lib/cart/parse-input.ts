/**
 * A cart action's arguments as they come off the network (typed `unknown`),
 * parsed into what the layers below take, or refused with the action's
 * failure result (results.ts).
 */
import "server-only";
import { lineQuantityInputSchema, type LineQuantity } from "@/lib/data/contract/cart";
import { parseProductId, type ProductId } from "@/lib/data/contract/catalog";
import { z } from "@/lib/data/contract/zod";
import { cartFailure, type CartFailure } from "./results";
import { EXPECTED_OWNER_FIELD, type ExpectedOwner } from "./session-guard";

/**
 * A product id as the actions accept it (the contract's ProductId: a string
 * in the store's id alphabet and length). Anything else (numbers, objects,
 * paths, 10 kB strings) is refused before the store is touched.
 *
 * Parsed once per call, where the id comes off the network (request-cart.ts),
 * before anything else: a bad call must not even decide an owner (a session
 * read, a new guest cookie). Every layer below takes the ProductId. The store
 * still applies its own id rule: that is the storage contract's door, the
 * same for every caller and backend (seed, import, merges, scripts).
 */
export function parseCartProductId(value: unknown): { ok: true; id: ProductId } | CartFailure {
  const id = parseProductId(value);
  return id ? { ok: true, id } : cartFailure("invalid_input");
}

/** A line's new quantity as the stepper sends it: a whole number from 1 to 999. */
export function parseLineQuantity(value: unknown): { ok: true; quantity: LineQuantity } | CartFailure {
  const parsed = lineQuantityInputSchema.safeParse(value);
  return parsed.success ? { ok: true, quantity: parsed.data } : cartFailure("invalid_quantity");
}

/**
 * The owner a page names with a cart change (session-guard.ts): absent, or
 * exactly "guest", or "user:" and a uid in the store's owner alphabet and
 * length (ownerSchema, lib/data/contract/cart.ts). A form post's FormData (a
 * form bound to the action passes it here) is read for its
 * EXPECTED_OWNER_FIELD: absent is no expectation, present is parsed the
 * same. Anything else (null, an object, a file, a guest's own id, a 10 kB
 * string) is refused as invalid_input before the owner is decided.
 */
const expectedOwnerSchema = z.union([z.literal("guest"), z.string().regex(/^user:[A-Za-z0-9_-]{1,128}$/)]).optional();

export function parseExpectedOwner(value: unknown): { ok: true; expected: ExpectedOwner | undefined } | CartFailure {
  const field = value instanceof FormData ? (value.get(EXPECTED_OWNER_FIELD) ?? undefined) : value;
  const parsed = expectedOwnerSchema.safeParse(field);
  return parsed.success ? { ok: true, expected: parsed.data as ExpectedOwner | undefined } : cartFailure("invalid_input");
}
