import type { OutboxEmail } from "@/lib/data/contract/outbox";
import styles from "@/components/admin/admin-products.module.css";
import desk from "./orders.module.css";
import { OrderTime } from "./order-time";

/** What an outbox email's state means to the operator. */
function stateText(email: OutboxEmail): string {
  if (email.state === "sent") return "sent";
  if (email.state === "failed") return "could not deliver";
  return email.attempts > 0 ? `waiting to retry (tried ${email.attempts} ${email.attempts === 1 ? "time" : "times"})` : "waiting to send";
}

/** The emails written for an order, oldest first, and whether each reached the shopper's mail server. */
export function OrderEmails({ emails }: { emails: OutboxEmail[] }) {
  return (
    <section className={desk.section} aria-labelledby="order-emails-title">
      <h2 id="order-emails-title">Emails to the shopper</h2>
      {emails.length === 0 ? (
        <p>No email was written for this order.</p>
      ) : (
        <table className={styles.table} data-testid="order-emails">
          <thead>
            <tr>
              <th scope="col">Written</th>
              <th scope="col">Subject</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {emails.map((email) => (
              <tr key={email.id} data-testid="order-email">
                <td>
                  <OrderTime at={email.createdAt} />
                </td>
                <td>{email.subject}</td>
                <td>
                  <span className={email.state === "failed" ? desk.failedEmail : undefined}>{stateText(email)}</span>
                  {email.state === "failed" && email.lastError ? <div>{email.lastError}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
