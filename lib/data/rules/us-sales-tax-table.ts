/**
 * US sales tax by destination state: the table the shop charges from
 * (rules/sales-tax.ts). Kept in the repository, changed by a commit, and
 * read nowhere else. It is a starting point, not advice: the operator must
 * check their own obligations (where they have nexus, local rates, product
 * exemptions) with the states or an adviser (docs/DEPLOY.md, "Sales tax").
 *
 * rate: the state's own general rate, in thousandths of a percent (6.25 % is
 *   6250). Local (county, city, district) rates are not charged: they differ
 *   by address within a state, and no offline table here holds them.
 *   Source: Tax Foundation, "State and Local Sales Tax Rates, 2025",
 *   state rates as of 1 January 2025 (taxfoundation.org). Utah's and
 *   Virginia's figures include their statewide local add-ons (1.25 % and
 *   1 %), as that table lists them.
 * shippingTaxed: whether a delivery charge stated separately on the bill is
 *   taxed with taxable goods. Source: the states' published guidance as
 *   summarised in TaxJar's "Sales tax on shipping" table (2024); several
 *   states tax shipping only in some cases (Illinois, Georgia): this table
 *   takes the common case.
 * Five states have no state sales tax (Alaska, Delaware, Montana, New
 *   Hampshire, Oregon): rate 0.
 * Transcribed on 2026-11-29 without network access to re-check the sources.
 */
import type { UsStateCode } from "../contract/us-states";

export interface StateSalesTax {
  /** Thousandths of a percent: 6250 is 6.25 %. */
  rate: number;
  shippingTaxed: boolean;
}

const tax = (percent: number, shippingTaxed: boolean): StateSalesTax => ({ rate: Math.round(percent * 1000), shippingTaxed });

export const US_SALES_TAX_TABLE: Readonly<Record<UsStateCode, StateSalesTax>> = {
  AL: tax(4, false),
  AK: tax(0, false),
  AZ: tax(5.6, false),
  AR: tax(6.5, true),
  CA: tax(7.25, false),
  CO: tax(2.9, false),
  CT: tax(6.35, true),
  DE: tax(0, false),
  DC: tax(6, true),
  FL: tax(6, false),
  GA: tax(4, true),
  HI: tax(4, true),
  ID: tax(6, false),
  IL: tax(6.25, true),
  IN: tax(7, true),
  IA: tax(6, false),
  KS: tax(6.5, true),
  KY: tax(6, true),
  LA: tax(5, false),
  ME: tax(5.5, false),
  MD: tax(6, false),
  MA: tax(6.25, false),
  MI: tax(6, true),
  MN: tax(6.875, true),
  MS: tax(7, true),
  MO: tax(4.225, false),
  MT: tax(0, false),
  NE: tax(5.5, true),
  NV: tax(6.85, false),
  NH: tax(0, false),
  NJ: tax(6.625, true),
  NM: tax(4.875, true),
  NY: tax(4, true),
  NC: tax(4.75, true),
  ND: tax(5, true),
  OH: tax(5.75, true),
  OK: tax(4.5, false),
  OR: tax(0, false),
  PA: tax(6, true),
  RI: tax(7, true),
  SC: tax(6, true),
  SD: tax(4.2, true),
  TN: tax(7, true),
  TX: tax(6.25, true),
  UT: tax(6.1, false),
  VT: tax(6, true),
  VA: tax(5.3, false),
  WA: tax(6.5, true),
  WV: tax(6, true),
  WI: tax(5, true),
  WY: tax(4, false),
};
