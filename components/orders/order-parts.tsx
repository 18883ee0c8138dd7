import type { Order } from "@/lib/data/contract/orders";
import { eventLabel, orderTime } from "@/lib/orders/order-labels";
import type { OrderSummary } from "@/lib/orders/order-summary";
import styles from "./order-view.module.css";

/**
 * The order's summary (lib/orders/order-summary.ts) as the shopper's order
 * page and the order desk render it: the same parts, in the words of the
 * reader the summary was made for.
 */

/** The order's states: delivery (with its tracking number), payment, and a return when there is one. */
export function OrderStateList({ summary }: { summary: OrderSummary }) {
  return (
    <dl className={styles.states}>
      {summary.states.map((state) => (
        <div key={state.id}>
          <dt>{state.label}</dt>
          <dd data-testid={`order-${state.id}`}>{state.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The lines as ordered, and the bill's totals. */
export function OrderLines({ summary }: { summary: OrderSummary }) {
  return (
    <section aria-labelledby="order-lines-heading" className={styles.section}>
      <h2 id="order-lines-heading">Items</h2>
      <ul className={styles.lines}>
        {summary.lines.map((line) => (
          <li key={line.productId} className={styles.line} data-testid="order-line">
            <span>
              {line.name} <span className={styles.muted}>× {line.quantity}</span>
            </span>
            <span>{line.amount}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        {summary.totals.map((total) => (
          <div key={total.label} className={total.grand ? styles.total : undefined}>
            <dt>{total.label}</dt>
            <dd data-testid={total.grand ? "order-total" : undefined}>{total.amount}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface OrderPartiesProps {
  summary: OrderSummary;
  /** The email as a mailto: link (the desk writes to the customer). */
  emailLink?: boolean;
  /** What shows in their place once the customer's personal data was erased. */
  erased?: React.ReactNode;
  /** Below the contact: the desk says whether the shopper was signed in. */
  contactNote?: React.ReactNode;
}

/** Who ordered and where it goes, the address in its country's lines. */
export function OrderParties({ summary, emailLink = false, erased, contactNote }: OrderPartiesProps) {
  const gone = erased ?? <p className={styles.muted}>Erased on request.</p>;
  if ((!summary.contact || !summary.address) && erased) return erased;
  return (
    <div className={styles.columns}>
      <section aria-labelledby="order-contact-heading" className={styles.section}>
        <h2 id="order-contact-heading">Contact</h2>
        {summary.contact ? <Contact contact={summary.contact} emailLink={emailLink} /> : gone}
        {contactNote}
      </section>
      <section aria-labelledby="order-address-heading" className={styles.section}>
        <h2 id="order-address-heading">Shipping address</h2>
        {summary.address ? (
          <address className={styles.address} data-testid="order-address">
            <Lines lines={summary.address} />
          </address>
        ) : (
          gone
        )}
      </section>
    </div>
  );
}

/** Name, email and phone, one under the other. */
function Contact({ contact, emailLink }: { contact: NonNullable<OrderSummary["contact"]>; emailLink: boolean }) {
  return (
    <p>
      {contact.name}
      <br />
      {emailLink ? (
        <a href={`mailto:${contact.email}`} data-testid="order-email-address">
          {contact.email}
        </a>
      ) : (
        contact.email
      )}
      {contact.phone ? (
        <>
          <br />
          {contact.phone}
        </>
      ) : null}
    </p>
  );
}

/** Lines of text, one under the other (inside an <address>). */
function Lines({ lines }: { lines: string[] }) {
  return <>{lines.flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]))}</>;
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
