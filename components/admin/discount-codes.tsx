import type { AdminProof } from "@/lib/admin/admin-proof";
import { readDiscounts } from "@/lib/admin/admin-reads";
import { changeDiscountsAction } from "@/lib/admin/discount-actions";
import { discountNotice } from "@/lib/admin/discount-notice";
import type { Discount } from "@/lib/data/contract/discounts";
import { discountOff } from "@/lib/orders/discount-words";
import { formatCents } from "@/lib/money";
import styles from "./settings-forms.module.css";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A code's terms in words: "orders from $25.00 · from Dec 1, 2026 · until Dec 31, 2026 · 1 per email". */
function terms(discount: Discount): string {
  const parts = [
    discount.minSubtotalCents > 0 ? `orders from ${formatCents(discount.minSubtotalCents)}` : "any order",
    discount.startsAt === null ? null : `from ${DAY.format(discount.startsAt)}`,
    // The end is the start of the day after the last: the last day shown.
    discount.endsAt === null ? null : `until ${DAY.format(discount.endsAt - 86_400_000)}`,
    discount.maxUsesPerEmail === null ? null : `${discount.maxUsesPerEmail} per email`,
  ];
  return parts.filter(Boolean).join(" · ");
}

/**
 * The operator's discount codes (DECISIONS "Money"): each code with its
 * terms, its uses so far and whether it is on; a code created; a code
 * disabled or enabled again. Plain forms posting to the server action, so
 * the page works without JavaScript; the answer in words
 * (lib/admin/discount-notice.ts).
 */
export async function DiscountCodes({
  admin,
  searchParams,
}: {
  admin: AdminProof;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [discounts, { notice }] = await Promise.all([readDiscounts(admin), searchParams]);
  const said = discountNotice(notice);
  return (
    <>
      <h1>Discount codes</h1>
      <p>
        A shopper types a code at checkout. A use is counted when an order with it is placed, and given back when that order is cancelled. A
        percent or an amount comes off the goods, never the shipping or the tax.
      </p>
      {said ? (
        <p className="status-text" role={said.ok ? "status" : "alert"} data-testid="discount-notice">
          {said.text}
        </p>
      ) : null}
      {discounts.length === 0 ? (
        <p>No codes yet.</p>
      ) : (
        <ul aria-label="Discount codes" className={styles.codes}>
          {discounts.map((discount) => (
            <li key={discount.code} data-testid="discount-code">
              <strong>{discount.code}</strong>: {discountOff(discount)}, {terms(discount)}. Uses: {discount.uses}
              {discount.maxUses === null ? "" : ` of ${discount.maxUses}`}. {discount.disabled ? "Disabled." : "On."}
              <form action={changeDiscountsAction}>
                <input type="hidden" name="intent" value={discount.disabled ? "enable" : "disable"} />
                <input type="hidden" name="code" value={discount.code} />
                <button type="submit">
                  {discount.disabled ? "Enable" : "Disable"} {discount.code}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form action={changeDiscountsAction} className={styles.form} aria-labelledby="new-code-heading">
        <h2 id="new-code-heading">Create a code</h2>
        <input type="hidden" name="intent" value="create" />
        <label htmlFor="code-code">Code (3 to 32 letters, digits or dashes)</label>
        <input id="code-code" name="code" maxLength={32} required autoComplete="off" />
        <fieldset>
          <legend>Takes off</legend>
          <label>
            <input type="radio" name="kind" value="percent" defaultChecked /> a percent of the goods
          </label>
          <label>
            <input type="radio" name="kind" value="amount" /> an amount in dollars
          </label>
        </fieldset>
        <label htmlFor="code-value">Percent (1 to 100) or amount ($)</label>
        <input id="code-value" name="value" inputMode="decimal" required />
        <label htmlFor="code-minimum">Minimum order ($, empty for none)</label>
        <input id="code-minimum" name="minimum" inputMode="decimal" />
        <label htmlFor="code-starts">First day (empty: from now)</label>
        <input id="code-starts" name="starts" type="date" />
        <label htmlFor="code-ends">Last day (empty: no end)</label>
        <input id="code-ends" name="ends" type="date" />
        <label htmlFor="code-max-uses">Uses in all (empty: no limit)</label>
        <input id="code-max-uses" name="maxUses" inputMode="numeric" />
        <label htmlFor="code-max-per-email">Uses per email address (empty: no limit)</label>
        <input id="code-max-per-email" name="maxUsesPerEmail" inputMode="numeric" />
        <button type="submit">Create code</button>
      </form>
    </>
  );
}
