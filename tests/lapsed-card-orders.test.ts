/**
 * Card orders whose payment lapsed and was not paid again within three days
 * are cancelled by the daily cron (lib/orders/lapsed-card-orders.ts, issue
 * 40), with the cancellation's email; a newer lapse, an order awaiting or
 * paid, and an order paid on delivery are left as they are. A real SQLite
 * store; the sweep is asked at a later "now".
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import type { PaymentMethod } from "@/lib/data/contract/payment-states";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { stepEmail } from "@/lib/orders/emails";
import { cancelLapsedCardOrders, LAPSED_CARD_ORDER_DAYS } from "@/lib/orders/lapsed-card-orders";
import { newProduct, placeGuestOrder } from "./helpers/fixtures";

const DAY = 24 * 60 * 60 * 1000;
const dir = mkdtempSync(join(tmpdir(), "lapsed-card-orders-"));

describe("lapsed card orders", () => {
  let store: Store;
  let lampId: string;
  before(async () => {
    store = openSqliteStore(join(dir, "store.db"));
    lampId = (await store.addProduct(newProduct({ name: "Lapsing Lamp", priceCents: 1500 }))).id;
    await store.setStock(lampId, 10, null);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const place = (paymentMethod: PaymentMethod) =>
    placeGuestOrder(store, { id: lampId, priceCents: 1500 }, { paymentMethod, email: "lapse@example.com" });

  const lapse = (order: Order, step: "card_expired" | "card_failed") =>
    store.takeOrderStep(order.id, {
      step,
      expectedRevision: order.revision,
      by: "stripe",
      note: `evt_${order.id}`,
      email: stepEmail(step),
    });

  test(`cancels a card order lapsed over ${LAPSED_CARD_ORDER_DAYS} days, and nothing else`, async () => {
    const expired = await lapse(await place("card"), "card_expired");
    const failed = await lapse(await place("card"), "card_failed");
    const awaiting = await place("card");
    const onDelivery = await place("pay_on_delivery");
    const stockBefore = (await store.getStock([lampId])).get(lampId);

    assert.equal(await cancelLapsedCardOrders(store, Date.now() + (LAPSED_CARD_ORDER_DAYS - 1) * DAY), 0, "not yet");
    assert.equal(await cancelLapsedCardOrders(store, Date.now() + (LAPSED_CARD_ORDER_DAYS + 1) * DAY), 2);

    for (const order of [expired, failed]) {
      const now = (await store.getOrder(order.id))!;
      assert.deepEqual([now.fulfilment, now.payment, now.history.at(-1)?.by], ["cancelled", "voided", "system"]);
      const mails = await store.listOrderEmails(order.id);
      assert.ok(
        mails.some((mail) => mail.subject.endsWith(": cancelled")),
        "the shopper is emailed the cancellation",
      );
    }
    for (const order of [awaiting, onDelivery]) assert.equal((await store.getOrder(order.id))!.fulfilment, "placed");
    assert.equal((await store.getStock([lampId])).get(lampId), stockBefore, "a lapsed order held no stock: none is given back twice");
    assert.equal(await cancelLapsedCardOrders(store, Date.now() + 10 * DAY), 0, "a second run finds nothing left");
  });
});
