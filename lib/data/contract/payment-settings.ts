/**
 * The operator's payment switch (DECISIONS "Money"; issue 40): whether the
 * shop offers pay on delivery. Cards are offered where ops gave the shop
 * Stripe keys (lib/payments/stripe-client.ts), never by this switch. Kept in
 * the store with a revision like the shipping zones; a placement reads it in
 * its own transaction, so once the switch is off no order is placed to be
 * paid on delivery, not even one racing the save.
 */
import { z } from "./zod";

/** Pay on delivery is offered until the operator turns it off. */
export const DEFAULT_PAY_ON_DELIVERY = true;

export const payOnDeliverySchema = z.boolean({ error: "Pay on delivery must be on or off" });

/** The switch as stored, with the revision a change names (0 for the default, never saved). */
export interface PaymentSettings {
  payOnDelivery: boolean;
  revision: number;
}

export interface PaymentSettingsStore {
  /** The switch and its revision; DEFAULT_PAY_ON_DELIVERY at revision 0 until the first save. */
  getPaymentSettings(): Promise<PaymentSettings>;
  /**
   * Sets the switch if it is still at `expectedRevision` (else conflict,
   * nothing written), recording who set it; returns it at the next revision.
   */
  setPayOnDelivery(on: boolean, expectedRevision: number, by: string): Promise<PaymentSettings>;
}
