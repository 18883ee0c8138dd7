/**
 * An order's bill, one rule for the store's placement, the checkout (live
 * and without JavaScript) and the order it writes: the lines' subtotal, a
 * discount (rules/discounts.ts), the shipping (rules/shipping.ts), the sales
 * tax (rules/sales-tax.ts) and the total, in whole cents. In this order,
 * each from the one before:
 * 1. the goods: the lines' subtotal less the discount;
 * 2. shipping, by the address's zone, free over its threshold of the goods;
 * 3. tax, on the goods plus the shipping where the state taxes shipping;
 * 4. the total: goods + shipping + tax.
 * null where no zone serves the address. Pure: the browser's checkout uses it.
 */
import { salesTaxFor, type TaxQuote } from "./sales-tax";
import { shippingFor, type ShippingQuote } from "./shipping";
import type { ShippingZone } from "../contract/shipping";

export interface Bill {
  subtotalCents: number;
  /** Taken off the subtotal (0 without a code); never more than the subtotal. */
  discountCents: number;
  shipping: ShippingQuote;
  tax: TaxQuote;
  totalCents: number;
}

export function billFor(
  zones: readonly ShippingZone[],
  address: { country: string; region: string },
  subtotalCents: number,
  discountCents = 0,
): Bill | null {
  const goods = subtotalCents - Math.min(discountCents, subtotalCents);
  const shipping = shippingFor(zones, address, goods);
  if (!shipping) return null;
  const tax = salesTaxFor(address, goods, shipping.cents);
  return { subtotalCents, discountCents: subtotalCents - goods, shipping, tax, totalCents: goods + shipping.cents + tax.cents };
}
