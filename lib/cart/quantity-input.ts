/**
 * What the cart's quantity field accepts and how its arrow keys step: pure,
 * so the stepper (components/cart/quantity-stepper.tsx) and its unit test
 * (tests/cart-keyboard.test.ts) share one rule. Every digit typed is read:
 * the field sets no maxLength, since a browser's cut of "99999" to "999"
 * would change the quantity without a word.
 */
import { MAX_LINE_QUANTITY } from "./cart-lines";

/** The refusal shown next to the field for anything but a whole number from 1 to 999. */
export const QUANTITY_RANGE_MESSAGE = `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`;

/** "12" from what was typed (spaces around it allowed), or null when it is not a whole number from 1 to 999. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_LINE_QUANTITY ? value : null;
}

/** One step up (+1) or down (-1) from `quantity`, kept within 1..999. */
export function stepQuantity(quantity: number, by: 1 | -1): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity + by));
}
