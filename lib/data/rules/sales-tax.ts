/**
 * The sales tax an order owes (DECISIONS "Money"): US sales tax by the
 * destination state, from the table kept in the repository
 * (us-sales-tax-table.ts, with its sources and date); none outside the
 * United States. Its base is what the goods are paid (after a discount),
 * plus the shipping where the state taxes shipping. It is rounded once per
 * order, to the nearest cent, half a cent up: every line of this shop is
 * taxed alike (one rate per order), the states round the tax of an invoice,
 * and one rounding keeps the tax within half a cent of the exact figure,
 * where rounding each line could drift by half a cent per line. Pure
 * integers: the rate is in thousandths of a percent, so no float rounds.
 */
import { isUsState, type UsStateCode } from "../contract/us-states";
import { US_SALES_TAX_TABLE } from "./us-sales-tax-table";

export interface TaxQuote {
  /** The tax in cents. */
  cents: number;
  /** The rate applied, in thousandths of a percent (6250 is 6.25 %); 0 where none is due. */
  rate: number;
  /** The state it is due to ("IL"); "" where none is. */
  region: string;
}

const NO_TAX: TaxQuote = { cents: 0, rate: 0, region: "" };

/** A rate in thousandths of a percent is this many parts of an amount. */
const RATE_SCALE = 100_000;

/** `amountCents` × `rate`, rounded to the nearest cent, half up (amounts are never negative). */
export function taxOf(amountCents: number, rate: number): number {
  return Math.floor((amountCents * rate + RATE_SCALE / 2) / RATE_SCALE);
}

/** The sales tax on goods of `goodsCents` shipped for `shippingCents` to `address`. */
export function salesTaxFor(address: { country: string; region: string }, goodsCents: number, shippingCents: number): TaxQuote {
  if (address.country !== "US" || !isUsState(address.region)) return NO_TAX;
  const state = US_SALES_TAX_TABLE[address.region as UsStateCode];
  if (state.rate === 0) return NO_TAX;
  const base = goodsCents + (state.shippingTaxed ? shippingCents : 0);
  return { cents: taxOf(base, state.rate), rate: state.rate, region: address.region };
}
