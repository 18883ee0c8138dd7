/**
 * The order desk's server path (lib/admin/orders) against a real SQLite
 * store: a step taken by an admin is recorded with their email and its
 * email is in the outbox; a step from an older revision, a step the state
 * does not allow and an unknown order are refused with nothing written; the
 * list finds an order by reference or email and by state.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { adminProofOf, type AdminProof } from "@/lib/admin/admin-proof";
import type { Caller } from "@/lib/admin/guard";
import { readOrderList, readOrderRecord } from "@/lib/admin/orders/order-reads";
import { ORDER_STEP_MESSAGES, takeOrderStepAs } from "@/lib/admin/orders/take-step";
import type { Order } from "@/lib/data/contract/orders";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { defaultBill, product, emailOf } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "order-desk-"));
const ORIGIN = "https://shop.example.com";
const ADMIN_EMAIL = "ada@example.com";
const caller: Caller = {
  origin: ORIGIN,
  host: "shop.example.com",
  forwardedHost: null,
  user: { isAdmin: true, email: ADMIN_EMAIL, uid: "ada" },
};

function stepForm(order: Pick<Order, "id">, revision: number, step: string, trackingNumber = ""): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ orderId: order.id, revision: String(revision), step, trackingNumber })) form.set(key, value);
  return form;
}

describe("the order desk on a real store", () => {
  let store: Store;
  let admin: AdminProof;
  const open = async () => store;
  const placed: Order[] = [];

  async function place(email: string, guest: string): Promise<Order> {
    const owner = `guest:${guest}` as const;
    await store.addToLine(owner, "desk-lamp", 2);
    const { order } = await store.placeOrder({
      owner,
      uid: null,
      idempotencyKey: `key-${guest}-0123456789`,
      paymentMethod: "pay_on_delivery",
      lines: [{ productId: "desk-lamp", unitPriceCents: 4000, quantity: 2 }],
      ...defaultBill([{ productId: "desk-lamp", unitPriceCents: 4000, quantity: 2 }]),
      contact: { email, name: "Grace", phone: "" },
      address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
      guestTokenHash: createHash("sha256").update(guest).digest("hex"),
      confirmation: emailOf(email),
    });
    return order;
  }

  before(async () => {
    store = openSqliteStore(join(dir, "desk.db"));
    await store.upsertProducts([product("desk-lamp", 1, "Electronics", { name: "Lamp", priceCents: 4000 })]);
    placed.push(await place("grace@example.com", "11111111-1111-4111-8111-111111111111"));
    placed.push(await place("alan@example.com", "22222222-2222-4222-8222-222222222222"));
    const proof = adminProofOf(caller.user);
    assert.ok(typeof proof === "object");
    admin = proof;
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("ship: recorded with the admin's email and tracking number, the shopper's email in the outbox", async () => {
    const [order] = placed;
    const result = await takeOrderStepAs(caller, stepForm(order, order.revision, "ship", " 1Z999 "), open);
    assert.equal(result.ok, true);
    const { order: now, emails } = await readOrderRecord(admin, order.id, open);
    assert.equal(now?.fulfilment, "shipped");
    assert.equal(now?.trackingNumber, "1Z999");
    const event = now?.history.at(-1);
    assert.deepEqual([event?.by, event?.step, event?.note], [ADMIN_EMAIL, "ship", "1Z999"]);
    assert.match(`${event?.from} → ${event?.to}`, /^placed.* → shipped/);
    assert.deepEqual(
      emails.map((email) => email.subject),
      [`Your order ${order.reference}`, `Your order ${order.reference}: shipped`],
    );
  });

  test("a step from an older revision, a step the state does not allow and an unknown order write nothing", async () => {
    const [order] = placed;
    const before = await readOrderRecord(admin, order.id, open);
    const stale = await takeOrderStepAs(caller, stepForm(order, order.revision, "cancel"), open);
    assert.deepEqual(stale.ok ? null : [stale.error, stale.reason], [ORDER_STEP_MESSAGES.conflict, "conflict"]);
    const notAllowed = await takeOrderStepAs(caller, stepForm(order, before.order!.revision, "record_payment"), open);
    assert.equal(notAllowed.ok ? null : notAllowed.error, ORDER_STEP_MESSAGES.notAllowed);
    const unknown = await takeOrderStepAs(caller, stepForm({ id: "no-such-order" }, 0, "ship", "1Z"), open);
    assert.equal(unknown.ok ? null : unknown.error, ORDER_STEP_MESSAGES.notFound);
    assert.deepEqual(await readOrderRecord(admin, order.id, open), before);
  });

  test("the list: newest first, by reference (any case, no dashes), by email, by state", async () => {
    const [grace, alan] = placed;
    const all = await readOrderList(admin, {}, open);
    assert.deepEqual(
      all.orders.map((o) => o.id),
      [alan.id, grace.id],
    );
    const byReference = await readOrderList(admin, { q: grace.reference.toLowerCase().replaceAll("-", "") }, open);
    assert.deepEqual(
      byReference.orders.map((o) => o.id),
      [grace.id],
    );
    const byEmail = await readOrderList(admin, { q: "ALAN@example.com" }, open);
    assert.deepEqual(
      byEmail.orders.map((o) => o.id),
      [alan.id],
    );
    const shipped = await readOrderList(admin, { state: "fulfilment:shipped" }, open);
    assert.deepEqual(
      shipped.orders.map((o) => o.id),
      [grace.id],
    );
    const badCursor = await readOrderList(admin, { after: "not-a-cursor" }, open);
    assert.equal(badCursor.after, null);
    assert.equal(badCursor.orders.length, 2);
  });

  test("reads refuse a forged proof", async () => {
    await assert.rejects(readOrderList({ uid: "x" } as AdminProof, {}, open), /without proof of an admin caller/);
  });
});
