/**
 * Money as a person reads it: the one place an amount is formatted, for
 * every page, the pages made without React and every email. Amounts are
 * whole cents (lib/data/contract/money.ts); only here are they shown as dollars.
 * Shared: the browser's cart formats with it too.
 */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 129900 → "$1,299.00". */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** 129900 → "1299.00": an amount for a machine-readable attribute (<data value>). */
export function centsAsDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}
