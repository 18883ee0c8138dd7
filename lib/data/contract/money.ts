/**
 * Money is whole US cents from the store's door up: every price, line, sum
 * and total is an integer number of cents, added as integers, so no sum
 * drifts (0.10 + 0.20 is 10 + 20 = 30, never 0.30000000000000004). Dollars
 * exist only where the spec stores them (productPrize: a number, or the text
 * an old admin form wrote), where a person types an amount, and where one is
 * shown (lib/money.ts formats cents for display).
 *
 * A line is its unit price times its quantity; a subtotal is the sum of its
 * lines. Nothing here rounds: an amount of dollars with more than two
 * decimals is not an amount (null), never rounded into one.
 */

/** Whole cents in at most this many dollars: far past any price or total the shop takes, well within exact integers. */
const MAX_DOLLARS = 1e9;

/** Exact cents of a plain decimal text of dollars ("129.99", "5", "5.5"), or null. */
function centsOfText(text: string): number | null {
  const match = /^\s*(\d{1,10})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_DOLLARS * 100 ? cents : null;
}

/**
 * The whole cents of an amount of dollars as stored or typed: a number with
 * at most two decimals (19.99), or such a number as text ("129.99", which
 * the original admin form stored). null for anything else: NaN, Infinity,
 * 19.999, "1e3", "0x10", "", a negative text.
 */
export function centsOfDollars(value: unknown): number | null {
  if (typeof value === "string") return centsOfText(value);
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > MAX_DOLLARS) return null;
  const cents = Math.round(value * 100);
  // 19.99 * 100 is 1998.9999999999998: within a millionth of a whole cent is that cent; 19.995 is not.
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/** The dollars the spec's fields store (productPrize) for whole cents: 1999 → 19.99. */
export function dollarsOfCents(cents: number): number {
  return cents / 100;
}

/** A line's amount: its unit price times its quantity, in cents. */
export function lineCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

/** The sum of amounts in cents. */
export function sumCents(amounts: Iterable<number>): number {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return sum;
}
