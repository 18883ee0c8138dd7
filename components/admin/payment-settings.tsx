import type { AdminProof } from "@/lib/admin/admin-proof";
import { readPaymentSettings } from "@/lib/admin/admin-reads";
import { changePaymentsAction } from "@/lib/admin/payment-actions";
import { PAY_ON_DELIVERY_FIELD } from "@/lib/admin/payment-settings";
import { paymentsNotice } from "@/lib/admin/payments-notice";
import { NO_WAY_TO_PAY, paymentOffer } from "@/lib/orders/payment-offer";
import { isLiveStripeKey, stripeSettings } from "@/lib/payments/stripe-client";
import styles from "./settings-forms.module.css";

/** Whether and how the shop takes cards: set by ops with Stripe's keys (docs/DEPLOY.md, "Card payments"), not on this page. */
function cardsInWords(): string {
  const stripe = stripeSettings();
  if (!stripe) return "Cards: not taken. The shop has no Stripe keys; ops set them (docs/DEPLOY.md, “Card payments”).";
  const mode = isLiveStripeKey(stripe.secretKey) ? "live keys" : "test keys: no real money moves";
  return stripe.apiUrl
    ? `Cards: taken through the project's Stripe stand-in at ${stripe.apiUrl} (not Stripe: for tests and local runs).`
    : `Cards: taken through Stripe Checkout, with ${mode}.`;
}

/**
 * The operator's payments (issue 40): whether the shop takes cards (ops'
 * keys, said in words) and the pay on delivery switch, in a plain form
 * posting to the server action, so the page works without JavaScript. The
 * form carries the switch's revision; a change from an older one is refused
 * in words (lib/admin/payments-notice.ts).
 */
export async function PaymentSettingsForm({
  admin,
  searchParams,
}: {
  admin: AdminProof;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ payOnDelivery, revision }, { notice }] = await Promise.all([readPaymentSettings(admin), searchParams]);
  const said = paymentsNotice(notice);
  const stripe = stripeSettings();
  const closed = paymentOffer(stripe !== null, payOnDelivery).length === 0;
  return (
    <>
      <h1>Payments</h1>
      {said ? (
        <p className="status-text" role={said.ok ? "status" : "alert"} data-testid="payments-notice">
          {said.text}
        </p>
      ) : null}
      {closed ? (
        <p className="status-text" role="alert">
          {NO_WAY_TO_PAY}
        </p>
      ) : null}
      <p data-testid="payments-cards">{cardsInWords()}</p>
      <form action={changePaymentsAction} className={styles.form} aria-label="Pay on delivery">
        <input type="hidden" name="revision" value={revision} />
        <div className={styles.switch}>
          <input
            type="checkbox"
            id="pay-on-delivery"
            name={PAY_ON_DELIVERY_FIELD}
            defaultChecked={payOnDelivery}
            aria-describedby="pay-on-delivery-hint"
          />
          <label htmlFor="pay-on-delivery">Offer pay on delivery</label>
        </div>
        <p id="pay-on-delivery-hint">
          Shoppers pay when the order is delivered, and you record the payment on the order desk. It can be turned off only while the shop
          takes cards. Orders placed before a change keep how they are paid.
        </p>
        <button type="submit">Save</button>
      </form>
    </>
  );
}
