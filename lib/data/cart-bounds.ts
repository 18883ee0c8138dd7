/**
 * The bounds every cart write keeps, whichever backend runs. Pure, so both
 * adapters share one rule.
 */
import { LIMITS } from "./validation";

/**
 * The part of a product's details a cart line copies: the first
 * LIMITS.cartDetailsMax characters, counted in code points so a cut never
 * splits a character in two.
 */
export function copiedDetails(details: string): string {
  if (details.length <= LIMITS.cartDetailsMax) return details;
  return Array.from(details).slice(0, LIMITS.cartDetailsMax).join("");
}
