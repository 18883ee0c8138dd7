/**
 * Money as a person reads it: the one place an amount is formatted, for
 * every page, the pages made without React and every email. Shared: the
 * browser's cart formats with it too.
 */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,299.00". */
export function formatUsd(dollars: number): string {
  return USD.format(dollars);
}
