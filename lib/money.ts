/**
 * Money as a person reads it: the one place an amount is formatted, for
 * every page, the pages made without React and every email. Amounts are
 * whole cents (lib/data/contract/money.ts); only here are they shown as dollars.
 * Shared: the browser's cart formats with it too.
 */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
// Both digit bounds: a maximum under the currency's default minimum (2) is a RangeError in older browsers.
const USD_WHOLE = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** 129900 → "$1,299.00". */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** 129900 → "1299.00": an amount for a machine-readable attribute (<data value>) or a form's field. */
export function centsAsDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** 500 → "5", 550 → "5.50": an amount as a person types it (a filter's field, its address). */
export function centsAsTyped(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : centsAsDecimal(cents);
}

/** 500 → "$5", 100000 → "$1,000", 1999 → "$19.99": an amount in words where whole dollars need no cents (a price range). */
export function formatCentsBrief(cents: number): string {
  return cents % 100 === 0 ? USD_WHOLE.format(cents / 100) : formatCents(cents);
}
