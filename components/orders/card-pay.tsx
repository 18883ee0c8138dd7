import type { Order } from "@/lib/data/contract/orders";
import { cardPayOffer } from "@/lib/orders/card-pay-offer";
import styles from "./order-view.module.css";

/**
 * "Pay now" or "Pay again" on a card order's page: a plain form post to the
 * order's pay route, which answers with Stripe's page, so it works before
 * and without JavaScript. A guest's token opens the order for it as the
 * link did.
 */
export function CardPay({ order, token }: { order: Order; token: string | null }) {
  const offer = cardPayOffer(order);
  if (!offer) return null;
  return (
    <form method="post" action={offer.action} className={styles.pay} aria-labelledby="card-pay-heading">
      <h2 id="card-pay-heading">Payment</h2>
      <p>{offer.note}</p>
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <button type="submit" className={styles.payButton}>
        {offer.button}
      </button>
    </form>
  );
}
