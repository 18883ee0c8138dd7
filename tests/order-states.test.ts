/**
 * The order state table (lib/data/contract/order-states.ts) is the one place
 * an order's states and steps are written: everything derived from it must
 * agree with it, and what cannot be derived (a SQLite CHECK, which a released
 * migration fixes for good) is held to it here, on a database migrated as
 * the shop migrates its own.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Database from "better-sqlite3";
import { allowedSteps } from "@/lib/admin/orders/order-steps";
import {
  DESK_STEPS,
  FULFILMENT_STATES,
  ORDER_STEPS,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATES,
  RETURN_STATES,
  STEPS,
  type OrderStateOf,
} from "@/lib/data/contract/order-states";
import { orderSchema, stepInputSchema } from "@/lib/data/contract/orders";
import { orderListFilterSchema } from "@/lib/data/contract/order-list-filter";
import { openSteps, stepRefusal } from "@/lib/data/rules/order-steps";
import { migrate } from "@/lib/data/sqlite/migrations";

/** The values a table's CHECK (column IN (...)) allows, by column, read from its CREATE statement. */
function checkedValues(db: Database.Database, table: string): Map<string, string[]> {
  const { sql } = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string };
  const checks = new Map<string, string[]>();
  for (const [, column, list] of sql.matchAll(/CHECK\s*\(\s*(\w+)\s+IN\s*\(([^)]*)\)\s*\)/g)) {
    checks.set(
      column,
      [...list.matchAll(/'([^']*)'/g)].map(([, value]) => value),
    );
  }
  return checks;
}

/** How the orders table's CHECKs differ from the table's states: "" when they agree. */
function checkDrift(db: Database.Database): string {
  const checks = checkedValues(db, "orders");
  const expected: [string, readonly string[]][] = [
    ["fulfilment", FULFILMENT_STATES],
    ["payment", PAYMENT_STATES],
    ["payment_method", PAYMENT_METHOD_NAMES],
    ["return_state", RETURN_STATES],
  ];
  return expected
    .filter(([column, states]) => JSON.stringify([...(checks.get(column) ?? [])].sort()) !== JSON.stringify([...states].sort()))
    .map(
      ([column, states]) =>
        `${column}: CHECK allows ${JSON.stringify(checks.get(column) ?? null)}, the table has ${JSON.stringify(states)}`,
    )
    .join("; ");
}

/** Every state an order can be in, by the table, for each payment method. */
function everyState(): OrderStateOf[] {
  return PAYMENT_METHOD_NAMES.flatMap((paymentMethod) =>
    FULFILMENT_STATES.flatMap((fulfilment) =>
      PAYMENT_STATES.flatMap((payment) =>
        [null, ...RETURN_STATES].map((returnState) => ({
          fulfilment,
          payment,
          paymentMethod,
          returnState,
          deliveredAt: fulfilment === "delivered" ? 0 : null,
        })),
      ),
    ),
  );
}

describe("the order state table and what is derived from it", () => {
  test("a database migrated as the shop migrates its own CHECKs exactly the table's states", () => {
    const db = new Database(":memory:");
    migrate(db);
    assert.equal(checkDrift(db), "");
    db.close();
  });

  test("the CHECK comparison finds a state a migration left out (so the test above can fail)", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE orders (fulfilment TEXT CHECK (fulfilment IN ('placed', 'shipped')), payment TEXT CHECK (payment IN ('due')))");
    const drift = checkDrift(db);
    assert.match(drift, /fulfilment: CHECK allows \["placed","shipped"\]/);
    assert.match(drift, /payment: CHECK allows \["due"\]/);
    assert.match(drift, /return_state: CHECK allows null/);
    assert.match(drift, /payment_method: CHECK allows null/);
    db.close();
  });

  test("the zod enums are the table's states and steps", () => {
    assert.deepEqual(orderSchema.shape.fulfilment.options, FULFILMENT_STATES);
    assert.deepEqual(orderSchema.shape.payment.options, PAYMENT_STATES);
    assert.deepEqual(orderSchema.shape.returnState.unwrap().options, RETURN_STATES);
    assert.deepEqual(stepInputSchema.shape.step.options, ORDER_STEPS);
    assert.deepEqual(orderListFilterSchema.shape.payment.unwrap().options, PAYMENT_STATES);
  });

  test("the desk's steps are the table's admin steps, each with its button and its words once done", () => {
    assert.deepEqual(
      DESK_STEPS,
      ORDER_STEPS.filter((step) => STEPS[step].by === "admin"),
    );
    for (const step of DESK_STEPS) assert.ok(STEPS[step].words.button && STEPS[step].words.done, step);
  });

  test("the desk offers, from every state, exactly the admin steps the store would take", () => {
    for (const state of everyState()) {
      const storeWouldTake = DESK_STEPS.filter((step) => stepRefusal(step, state, 0) === null);
      assert.deepEqual(allowedSteps(state, 0), storeWouldTake, JSON.stringify(state));
      assert.deepEqual(openSteps("admin", state, 0), storeWouldTake);
    }
  });

  test("every step leads only to states the table holds", () => {
    for (const step of ORDER_STEPS) {
      const { to } = STEPS[step] as {
        to: { fulfilment?: string; payment?: Record<string, string>; cardPayment?: Record<string, string>; returnState?: string };
      };
      if (to.fulfilment) assert.ok((FULFILMENT_STATES as string[]).includes(to.fulfilment), step);
      for (const [from, next] of [...Object.entries(to.payment ?? {}), ...Object.entries(to.cardPayment ?? {})]) {
        assert.ok((PAYMENT_STATES as string[]).includes(from) && (PAYMENT_STATES as string[]).includes(next), step);
      }
      if (to.returnState) assert.ok((RETURN_STATES as string[]).includes(to.returnState), step);
    }
  });
});
