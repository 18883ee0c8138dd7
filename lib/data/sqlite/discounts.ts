/**
 * Discount codes on SQLite (../contract/discounts.ts): the `discounts` and
 * `discount_uses` tables (their migration in later-migrations.ts). A
 * placement reads a code and its uses by the order's email inside its own
 * transaction and counts the use there (discountWriter), so two checkouts
 * racing for a code's last use are one after the other under SQLite's write
 * lock: the second reads the count the first wrote and is refused used_up.
 */
import type Database from "better-sqlite3";
import { StoreError } from "../contract/errors";
import type { Discount, DiscountStore, NewDiscount } from "../contract/discounts";
import { emailKey } from "../rules/order-rules";
import type { SqliteContext } from "./context";

interface DiscountRow {
  code: string;
  kind: "percent" | "amount";
  value: number;
  min_subtotal_cents: number;
  starts_at: number | null;
  ends_at: number | null;
  max_uses: number | null;
  max_uses_per_email: number | null;
  uses: number;
  disabled: number;
  created_at: number;
  created_by: string;
}

function toDiscount(row: DiscountRow): Discount {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses,
    maxUsesPerEmail: row.max_uses_per_email,
    uses: row.uses,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

/** Reads a code and its uses by an email as they stand; inside a transaction (a placement's), as that transaction sees them. */
export function discountReader(db: Database.Database) {
  const one = db.prepare<[string], DiscountRow>("SELECT * FROM discounts WHERE code = ?");
  const uses = db.prepare<[string, string], { count: number }>("SELECT count FROM discount_uses WHERE code = ? AND email_key = ?");
  return {
    discount: (code: string): Discount | null => {
      const row = one.get(code.toUpperCase());
      return row ? toDiscount(row) : null;
    },
    usesByEmail: (code: string, email: string): number => uses.get(code.toUpperCase(), emailKey(email))?.count ?? 0,
  };
}

/**
 * Counts a use of `code` by `email` (a placement's), or gives one back (a
 * cancel's): `delta` +1 or −1, in the caller's transaction. An erased
 * order's email is gone (null): only the total is given back.
 */
export function discountWriter(db: Database.Database) {
  const total = db.prepare<[number, string]>("UPDATE discounts SET uses = uses + ? WHERE code = ?");
  const byEmail = db.prepare<[string, string, number]>(
    `INSERT INTO discount_uses (code, email_key, count) VALUES (?, ?, ?)
     ON CONFLICT (code, email_key) DO UPDATE SET count = count + excluded.count`,
  );
  const giveBack = db.prepare<[string, string]>(
    "UPDATE discount_uses SET count = count - 1 WHERE code = ? AND email_key = ? AND count > 0",
  );
  return (code: string, email: string | null, delta: 1 | -1): void => {
    total.run(delta, code);
    if (email === null) return;
    // The row's CHECK is tested on the row an upsert would insert, before its conflict: a give-back only updates.
    if (delta === 1) byEmail.run(code, emailKey(email), 1);
    else giveBack.run(code, emailKey(email));
  };
}

export function sqliteDiscounts({ db, run }: SqliteContext): DiscountStore {
  const read = discountReader(db);
  const all = db.prepare<[], DiscountRow>("SELECT * FROM discounts ORDER BY created_at DESC, code ASC");
  const insert = db.prepare(
    `INSERT INTO discounts (code, kind, value, min_subtotal_cents, starts_at, ends_at, max_uses, max_uses_per_email, created_at, created_by)
     VALUES (@code, @kind, @value, @minSubtotalCents, @startsAt, @endsAt, @maxUses, @maxUsesPerEmail, @createdAt, @createdBy)`,
  );
  const disable = db.prepare<[number, string]>("UPDATE discounts SET disabled = ? WHERE code = ?");

  const createTx = db.transaction((discount: NewDiscount, by: string): Discount => {
    if (read.discount(discount.code)) throw new StoreError("conflict", `The code ${discount.code} exists`, { code: "exists" });
    insert.run({ ...discount, createdAt: Date.now(), createdBy: by });
    return read.discount(discount.code)!;
  });
  const disableTx = db.transaction((code: string, disabled: boolean): Discount => {
    if (disable.run(disabled ? 1 : 0, code.toUpperCase()).changes === 0) throw new StoreError("not_found", `No code ${code}`);
    return read.discount(code)!;
  });

  return {
    listDiscounts: () => run(() => all.all().map(toDiscount)),
    getDiscount: (code) => run(() => read.discount(code)),
    createDiscount: (discount, by) => run(() => createTx.immediate(discount, by)),
    setDiscountDisabled: (code, disabled) => run(() => disableTx.immediate(code, disabled)),
    discountUsesByEmail: (code, email) => run(() => read.usesByEmail(code, email)),
  };
}
