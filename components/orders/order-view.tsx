import { Price } from "@/components/product/price";
import type { Order } from "@/lib/data/contract/orders";
import { countryName } from "@/lib/orders/countries";
import { eventLabel, fulfilmentLabel, orderTime, paymentLabel, returnLabel, returnDeadline } from "@/lib/orders/order-labels";
import { CartAfterOrder } from "./cart-after-order";
import styles from "./order-view.module.css";

/**
 * One order as its owner sees it: reference, state of fulfilment, payment
 * and return, lines, totals, contact, address and history. `actions` is the
 * return request's form when one may be made.
 */
export function OrderView({ order, actions }: { order: Order; actions?: React.ReactNode }) {
  const { contact, address } = order;
  return (
    <article className={styles.order} aria-labelledby="order-heading">
      <header className={styles.head}>
        <h1 id="order-heading" className={styles.heading}>
          Order <span data-testid="order-reference">{order.reference}</span>
        </h1>
        <p className={styles.placed}>Placed {orderTime(order.placedAt)}</p>
        {order.fulfilment === "placed" ? <CartAfterOrder /> : null}
        {order.fulfilment === "placed" ? (
          <p className={styles.thanks} role="status">
            Thank you for your order. We have emailed a confirmation to {contact.email || "you"}; pay when it is delivered.
          </p>
        ) : null}
      </header>
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
      <div className={styles.columns}>
        <section aria-labelledby="order-contact-heading" className={styles.section}>
          <h2 id="order-contact-heading">Contact</h2>
          {order.erasedAt !== null ? (
            <p className={styles.muted}>Erased on request.</p>
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
            <p className={styles.muted}>Erased on request.</p>
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
      {order.fulfilment === "delivered" && order.deliveredAt !== null && order.returnState === null ? (
        <p className={styles.muted}>A return can be requested until {returnDeadline(order.deliveredAt)}.</p>
      ) : null}
      {order.returnReason ? <p>Your reason for the return: “{order.returnReason}”</p> : null}
      {actions}
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
    </article>
  );
}
