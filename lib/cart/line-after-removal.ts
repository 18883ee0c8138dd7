/**
 * Where keyboard focus goes when the cart line holding it disappears (deleted
 * here, in another tab, or an undo refused): the next line still shown, else
 * the nearest one before it, else none (the cart is empty: the view focuses
 * its empty-cart text). Pure: components/cart/use-cart-focus.ts applies it,
 * tests/cart-keyboard.test.ts holds it.
 */
export function lineAfterRemoval(before: readonly string[], after: readonly string[], removed: string): string | null {
  const remaining = new Set(after);
  const at = before.indexOf(removed);
  if (at >= 0) {
    for (let i = at + 1; i < before.length; i += 1) if (remaining.has(before[i])) return before[i];
    for (let i = at - 1; i >= 0; i -= 1) if (remaining.has(before[i])) return before[i];
  }
  return after[0] ?? null;
}
