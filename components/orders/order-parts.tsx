import { Price } from "@/components/product/price";
import type { Order } from "@/lib/data/contract/orders";
import { countryName } from "@/lib/orders/countries";
import { eventLabel, fulfilmentLabel, orderTime, paymentLabel, returnLabel } from "@/lib/orders/order-labels";
import styles from "./order-view.module.css";

/** The order's states in the shopper's words: delivery (with its tracking number), payment, and a return when there is one. */
export function OrderStateList({ order }: { order: Order }) {
  return (
    <dl className={styles.states}>
      <div>
        <dt>Delivery</dt>
        <dd data-testid="order-fulfilment">
          {fulfilmentLabel(order.fulfilment)}
          {order.trackingNumber ? ` (tracking number ${order.trackingNumber})` : ""}
        </dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd data-testid="order-payment">{paymentLabel(order.payment)}</dd>
      </div>
      {order.returnState ? (
        <div>
          <dt>Return</dt>
          <dd data-testid="order-return">{returnLabel(order.returnState)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The lines as ordered, and the totals. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-lines-heading" className={styles.section}>
      <h2 id="order-lines-heading">Items</h2>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.productId} className={styles.line} data-testid="order-line">
            <span>
              {line.name} <span className={styles.muted}>× {line.quantity}</span>
            </span>
            <Price value={(Math.round(line.unitPrice * 100) * line.quantity) / 100} />
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>
            <Price value={order.subtotal} />
          </dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{order.shipping === 0 ? "Free" : <Price value={order.shipping} />}</dd>
        </div>
        <div className={styles.total}>
          <dt>Total</dt>
          <dd data-testid="order-total">
            <Price value={order.total} /> USD
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Who ordered and where it goes; "Erased on request." once the customer's personal data was erased. */
export function OrderParties({ order }: { order: Order }) {
  const { contact, address } = order;
  const erased = <p className={styles.muted}>Erased on request.</p>;
  return (
    <div className={styles.columns}>
      <section aria-labelledby="order-contact-heading" className={styles.section}>
        <h2 id="order-contact-heading">Contact</h2>
        {order.erasedAt !== null ? (
          erased
        ) : (
          <p>
            {contact.name}
            <br />
            {contact.email}
            {contact.phone ? (
              <>
                <br />
                {contact.phone}
              </>
            ) : null}
          </p>
        )}
      </section>
      <section aria-labelledby="order-address-heading" className={styles.section}>
        <h2 id="order-address-heading">Shipping address</h2>
        {order.erasedAt !== null ? (
          erased
        ) : (
          <address className={styles.address}>
            {address.line1}
            <br />
            {address.line2 ? (
              <>
                {address.line2}
                <br />
              </>
            ) : null}
            {[address.postalCode, address.city].filter(Boolean).join(" ")}
            {address.region ? `, ${address.region}` : ""}
            <br />
            {countryName(address.country)}
          </address>
        )}
      </section>
    </div>
  );
}

/** Every step the order took, oldest first. */
export function OrderHistory({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-history-heading" className={styles.section}>
      <h2 id="order-history-heading">History</h2>
      <ol className={styles.history}>
        {order.history.map((event, index) => (
          <li key={index}>
            <time dateTime={new Date(event.at).toISOString()}>{orderTime(event.at)}</time>: {eventLabel(event)}
            {event.step === "ship" && event.note ? ` (tracking number ${event.note})` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
