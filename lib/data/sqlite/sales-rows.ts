/**
 * The sales figures' tables on SQLite (migration 24, later-migrations.ts):
 * a change (../rules/sales-figures.ts) added to its day's quarter hour and
 * products, inside the caller's transaction.
 */
import type Database from "better-sqlite3";
import type { SalesChange } from "../contract/sales";

export function addSalesChange(db: Database.Database): (change: SalesChange | null) => void {
  const slot = db.prepare(
    `INSERT INTO sales_slots (day, slot, orders, paid_orders, sales_cents, tax_cents, shipping_cents, refunded_cents)
     VALUES (@day, @slot, @orders, @paidOrders, @salesCents, @taxCents, @shippingCents, @refundedCents)
     ON CONFLICT (day, slot) DO UPDATE SET orders = orders + excluded.orders, paid_orders = paid_orders + excluded.paid_orders,
       sales_cents = sales_cents + excluded.sales_cents, tax_cents = tax_cents + excluded.tax_cents,
       shipping_cents = shipping_cents + excluded.shipping_cents, refunded_cents = refunded_cents + excluded.refunded_cents`,
  );
  const product = db.prepare(
    `INSERT INTO sales_products (day, product_id, name, units, goods_cents) VALUES (@day, @productId, @name, @units, @goodsCents)
     ON CONFLICT (day, product_id) DO UPDATE SET name = excluded.name, units = units + excluded.units,
       goods_cents = goods_cents + excluded.goods_cents`,
  );
  return (change) => {
    if (change === null) return;
    slot.run({ day: change.day, slot: change.slot, ...change.figures });
    for (const [productId, sold] of change.products) product.run({ day: change.day, productId, ...sold });
  };
}
