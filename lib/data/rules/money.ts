/** Prices travel as dollars but are added and stored as whole cents, so sums never drift. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
