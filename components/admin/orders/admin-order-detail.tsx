import styles from "@/components/admin/admin-products.module.css";
import { OrderLines, OrderParties } from "@/components/orders/order-parts";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { openDeskStore } from "@/lib/admin/orders/desk-store";
import { readOrderRecord } from "@/lib/admin/orders/order-reads";
import { allowedSteps } from "@/lib/admin/orders/order-steps";
import { paymentProblems } from "@/lib/admin/orders/payment-problems";
import type { StepNotice } from "@/lib/admin/orders/step-notice";
import { orderSummary } from "@/lib/orders/order-summary";
import desk from "./orders.module.css";
import { OrderEmails } from "./order-emails";
import { OrderHistory } from "./order-history";
import { OrderStates } from "./order-states";
import { OrderStepForms, type OrderStepAction } from "./order-step-forms";
import { refundChoiceOf } from "@/lib/admin/orders/refund-choice";
import { OrderTime } from "./order-time";

interface AdminOrderDetailProps {
  admin: AdminProof;
  id: string;
  stepAction: OrderStepAction;
  /** A step's answer after a plain form post; null otherwise. */
  notice: StepNotice | null;
}

/**
 * One order as stored now, for the admin: its state, a payment problem
 * (payment-problems.ts), its lines and totals,
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
  const summary = orderSummary(order, "desk");
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>
          Order <span className={desk.reference}>{order.reference}</span>
        </h1>
        <OrderStates order={order} />
      </div>
      <p>
        Placed <OrderTime at={order.placedAt} />, {summary.paymentMethod}.
        {order.trackingNumber ? (
          <>
            {" "}
            Tracking number: <strong data-testid="tracking-number">{order.trackingNumber}</strong>.
          </>
        ) : null}
      </p>
      <PaymentProblems problems={paymentProblems(order)} />
      <OrderStepForms
        action={stepAction}
        orderId={order.id}
        revision={order.revision}
        steps={allowedSteps(order)}
        notice={notice}
        refund={order.paymentMethod === "card" ? refundChoiceOf(order) : null}
      />
      <OrderLines summary={summary} />
      <OrderParties
        summary={summary}
        emailLink
        erased={
          <p data-testid="order-erased">
            The customer&apos;s contact and address were erased on <OrderTime at={order.erasedAt ?? 0} /> at their request; the figures are
            kept.
          </p>
        }
        contactNote={<p>{order.uid ? "Signed-in shopper" : "Guest"}</p>}
      />
      {order.returnReason ? (
        <section aria-labelledby="order-return-title">
          <h2 id="order-return-title">Return request</h2>
          <p data-testid="return-reason">{order.returnReason}</p>
        </section>
      ) : null}
      <OrderHistory history={order.history} />
      <OrderEmails emails={emails} />
    </div>
  );
}

/** The order's payment problems (payment-problems.ts), a fact of its record like its history: listed, not announced. */
function PaymentProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="payment-problems-title" className={desk.problem}>
      <h2 id="payment-problems-title">Payment problems</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem} data-testid="payment-problem">
            {problem}
          </li>
        ))}
      </ul>
    </section>
  );
}
