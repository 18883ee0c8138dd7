import type { RefundChoice } from "@/lib/admin/orders/refund-choice";
import desk from "./orders.module.css";

/**
 * The "Refund by card" form's fields: everything left to refund (checked),
 * or some items, a quantity per line; the form's own key, so the same form
 * sent twice asks Stripe once. What items refund is the one rule's
 * (lib/data/rules/card-refunds.ts), said beside the choice.
 */
export function RefundFields({ choice }: { choice: RefundChoice }) {
  return (
    <fieldset className={desk.refund}>
      <legend>What to refund</legend>
      <input type="hidden" name="refundKey" value={choice.key} />
      <label>
        <input type="radio" name="refund" value="all" defaultChecked /> Everything left: {choice.left}
      </label>
      <label>
        <input type="radio" name="refund" value="items" /> These items (their share of the discount off, their sales tax back; shipping only
        with everything left):
      </label>
      <ul className={desk.refundLines}>
        {choice.lines.map((line) => (
          <li key={line.productId}>
            <label>
              {line.name}
              <input
                type="number"
                name={`qty-${line.productId}`}
                min={0}
                max={line.quantity}
                defaultValue={line.quantity}
                inputMode="numeric"
                className={desk.refundQuantity}
              />
              of {line.quantity}
            </label>
          </li>
        ))}
      </ul>
      {choice.pending ? <p data-testid="refund-pending">{choice.pending}</p> : null}
    </fieldset>
  );
}
