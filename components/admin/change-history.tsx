import { Price } from "@/components/product/price";
import { ACTION_LABELS, fieldChanges } from "@/lib/admin/change-summary";
import type { ProductChange } from "@/lib/data/contract/catalog";
import styles from "./admin-products.module.css";

const time = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

function Value({ field, value }: { field: string; value: string | number | null }) {
  if (value === null) return <>—</>;
  return field === "priceCents" ? <Price cents={Number(value)} /> : <>{String(value)}</>;
}

/** Every recorded change to a product, newest first: when (UTC), who, and each field before and after. */
export function ChangeHistory({ changes }: { changes: ProductChange[] }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Changes</h2>
      {changes.length === 0 ? (
        <p>No changes recorded (the product came from the seed or an import).</p>
      ) : (
        <ol className={styles.history} data-testid="change-history">
          {changes.map((change, i) => (
            <li key={`${change.at}-${i}`} data-testid="change">
              <strong>{ACTION_LABELS[change.action]}</strong> by {change.by},{" "}
              <time dateTime={new Date(change.at).toISOString()}>{time.format(change.at)} UTC</time>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {fieldChanges(change).map((field) => (
                    <tr key={field.field}>
                      <th scope="row">{field.label}</th>
                      <td>
                        <Value field={field.field} value={field.before} />
                      </td>
                      <td>
                        <Value field={field.field} value={field.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
