import styles from "@/components/admin/admin-products.module.css";
import { Price } from "@/components/product/price";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { openDeskStore } from "@/lib/admin/orders/desk-store";
import { readOrderRecord } from "@/lib/admin/orders/order-reads";
import { allowedSteps } from "@/lib/admin/orders/order-steps";
import type { StepNotice } from "@/lib/admin/orders/step-notice";
import type { Order } from "@/lib/data/contract/orders";
import desk from "./orders.module.css";
import { OrderEmails } from "./order-emails";
import { OrderHistory } from "./order-history";
import { OrderStates } from "./order-states";
import { OrderStepForms, type OrderStepAction } from "./order-step-forms";
import { OrderTime } from "./order-time";

interface AdminOrderDetailProps {
  admin: AdminProof;
  id: string;
  stepAction: OrderStepAction;
  /** A step's answer after a plain form post; null otherwise. */
  notice: StepNotice | null;
}

/**
 * One order as stored now, for the admin: its state, lines and totals,
 * contact and address, the next steps its state allows (each a form carrying
 * the revision shown here), its history and its emails' states. Read only
 * with the page's proof of an admin caller, from the store on every request.
 */
export async function AdminOrderDetail({ admin, id, stepAction, notice }: AdminOrderDetailProps) {
  const { order, emails } = await readOrderRecord(admin, id, openDeskStore);
  if (!order) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>No such order</h1>
        <p role="alert">No order has this id.</p>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>
          Order <span className={desk.reference}>{order.reference}</span>
        </h1>
        <OrderStates order={order} />
      </div>
      <p>
        Placed <OrderTime at={order.placedAt} />, pay on delivery.
        {order.trackingNumber ? (
          <>
            {" "}
            Tracking number: <strong data-testid="tracking-number">{order.trackingNumber}</strong>.
          </>
        ) : null}
      </p>
      <OrderStepForms action={stepAction} orderId={order.id} revision={order.revision} steps={allowedSteps(order)} notice={notice} />
      <OrderLines order={order} />
      <OrderPeople order={order} />
      <OrderHistory history={order.history} />
      <OrderEmails emails={emails} />
    </div>
  );
}

function OrderLines({ order }: { order: Order }) {
  return (
    <section className={desk.section} aria-labelledby="order-lines-title">
      <h2 id="order-lines-title">Items</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className={styles.number}>
              Price
            </th>
            <th scope="col" className={styles.number}>
              Qty
            </th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.productId}>
              <td>{line.name}</td>
              <td className={styles.number}>
                <Price value={line.unitPrice} />
              </td>
              <td className={styles.number}>{line.quantity}</td>
              <td className={styles.number}>
                <Price value={line.unitPrice * line.quantity} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Subtotal
            </th>
            <td className={styles.number}>
              <Price value={order.subtotal} />
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              Shipping
            </th>
            <td className={styles.number}>{order.shipping === 0 ? "Free" : <Price value={order.shipping} />}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className={styles.number} data-testid="order-total">
              <strong>
                <Price value={order.total} />
              </strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function OrderPeople({ order }: { order: Order }) {
  if (order.erasedAt) {
    return (
      <p data-testid="order-erased">
        The customer&apos;s contact and address were erased on <OrderTime at={order.erasedAt} /> at their request; the figures are kept.
      </p>
    );
  }
  const { contact, address } = order;
  return (
    <div className={desk.facts}>
      <section aria-labelledby="order-contact-title">
        <h2 id="order-contact-title">Contact</h2>
        <p>{contact.name}</p>
        <p>
          <a href={`mailto:${contact.email}`} data-testid="order-email-address">
            {contact.email}
          </a>
        </p>
        {contact.phone ? <p>{contact.phone}</p> : null}
        <p>{order.uid ? "Signed-in shopper" : "Guest"}</p>
      </section>
      <section aria-labelledby="order-address-title">
        <h2 id="order-address-title">Shipping address</h2>
        <p>{address.line1}</p>
        {address.line2 ? <p>{address.line2}</p> : null}
        <p>{[address.postalCode, address.city].filter(Boolean).join(" ")}</p>
        {address.region ? <p>{address.region}</p> : null}
        <p>{address.country}</p>
      </section>
      {order.returnReason ? (
        <section aria-labelledby="order-return-title">
          <h2 id="order-return-title">Return request</h2>
          <p data-testid="return-reason">{order.returnReason}</p>
        </section>
      ) : null}
    </div>
  );
}
