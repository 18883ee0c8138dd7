import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CardStep } from "@/lib/data/contract/order-states";
import type { Order } from "@/lib/data/contract/orders";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { emailOf, newProduct, placeGuestOrder } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const placeByCard = (store: Store, product: Product, quantity: number) =>
  placeGuestOrder(store, product, { quantity, email: "cara@example.com" });

/** A webhook's step as the shop takes it: Stripe's event id as the note, at the order's revision it read. */
const stripeStep = (order: Order, step: CardStep, eventId: string) => ({
  step,
  expectedRevision: order.revision,
  by: "stripe",
  note: eventId,
  email: emailOf("cara@example.com", step),
});

/**
 * Card payments (issue 40; ../../lib/data/contract/card-steps.ts) on every
 * adapter: a card order awaits payment holding its stock; Stripe's steps
 * pay it, or lapse it and give the stock back; paying again takes the
 * stock again or is refused; the order's current session is remembered.
 */
export function cardPaymentContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("card payments", () => {
    let store: Store;
    let lamp: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Card Lamp", priceCents: 2500 }));
      await store.setStock(lamp.id, 3, null);
    });
    afterEach(() => store.close());

    it("a card order awaits payment holding its stock, remembers its session, and is paid by Stripe's step, once", async () => {
      const order = await placeByCard(store, lamp, 2);
      assert.deepEqual([order.paymentMethod, order.payment, order.cardSession], ["card", "awaiting", null]);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 1);
      await store.setCardSession(order.id, "cs_test_first");
      await store.setCardSession(order.id, "cs_test_second");
      const awaiting = (await store.getOrder(order.id))!;
      assert.deepEqual([awaiting.cardSession, awaiting.revision], ["cs_test_second", order.revision], "no step, no revision");

      const paid = await store.takeOrderStep(order.id, stripeStep(awaiting, "card_paid", "evt_paid_1"));
      assert.deepEqual([paid.payment, paid.revision], ["paid", order.revision + 1]);
      assert.deepEqual(paid.history.at(-1)?.note, "evt_paid_1", "the event is remembered in the order's history");
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 1, "paying keeps the stock taken");
      // The same event again, on the revision it was first read at: refused, nothing changes.
      await rejectsWith(store.takeOrderStep(order.id, stripeStep(awaiting, "card_paid", "evt_paid_1")), "conflict");
      await rejectsWith(store.setCardSession(order.id, "cs_test_third"), "conflict");
      assert.deepEqual((await store.getOrder(order.id))!.revision, paid.revision);
    });

    it("an expired payment gives the stock back once; paying again takes it again, or is refused when it is gone", async () => {
      const order = await placeByCard(store, lamp, 2);
      await store.setCardSession(order.id, "cs_test_lapsing");
      const expired = await store.takeOrderStep(order.id, stripeStep(order, "card_expired", "evt_expired_1"));
      assert.equal(expired.payment, "expired");
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 3, "the two units are back");
      await rejectsWith(store.setCardSession(order.id, "cs_test_late"), "conflict");

      const again = await store.takeOrderStep(order.id, { ...stripeStep(expired, "card_expired", ""), step: "pay_again", by: "shopper" });
      assert.deepEqual([again.payment, again.cardSession], ["awaiting", null], "a new attempt, whose session is yet to be made");
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 1, "taken again");

      // Lapsed again, and meanwhile another shopper buys two: too few are left to hold it again.
      const failed = await store.takeOrderStep(order.id, stripeStep(again, "card_failed", "evt_failed_1"));
      assert.equal(failed.payment, "failed");
      await store.setStock(lamp.id, 1, 3);
      const refusal = await rejectsWith(
        store.takeOrderStep(order.id, { ...stripeStep(failed, "card_failed", ""), step: "pay_again", by: "shopper" }),
        "conflict",
      );
      assert.equal(refusal.fields?.[`line:${lamp.id}`], "out_of_stock");
      const after = (await store.getOrder(order.id))!;
      assert.deepEqual([after.payment, after.revision], ["failed", failed.revision], "nothing changed");
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 1);

      // Cancelled while lapsed: it holds no stock, so none is given back; nothing is owed.
      const cancelled = await store.takeOrderStep(order.id, {
        ...stripeStep(after, "card_failed", ""),
        step: "cancel",
        by: "admin@example.com",
      });
      assert.deepEqual([cancelled.fulfilment, cancelled.payment], ["cancelled", "voided"]);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 1);
    });

    it("a card order ships only once paid, and its payment is never recorded or refunded by hand", async () => {
      const order = await placeByCard(store, lamp, 1);
      const ship = { ...stripeStep(order, "card_paid", ""), step: "ship" as const, by: "admin@example.com", note: "1Z999" };
      await rejectsWith(store.takeOrderStep(order.id, ship), "conflict");
      const paid = await store.takeOrderStep(order.id, stripeStep(order, "card_paid", "evt_ship_paid"));
      const shipped = await store.takeOrderStep(order.id, { ...ship, expectedRevision: paid.revision });
      assert.equal(shipped.fulfilment, "shipped");
      const refund = { ...ship, step: "refund" as const, note: "", expectedRevision: shipped.revision };
      await rejectsWith(store.takeOrderStep(order.id, refund), "conflict");
    });

    it("two instances applying the same event at once apply it once: one step, one email", async () => {
      const second = await openSecond(store);
      try {
        const order = await placeByCard(store, lamp, 1);
        const outcomes = await Promise.allSettled([
          store.takeOrderStep(order.id, stripeStep(order, "card_paid", "evt_race")),
          second.takeOrderStep(order.id, stripeStep(order, "card_paid", "evt_race")),
        ]);
        assert.deepEqual(outcomes.map((o) => o.status).sort(), ["fulfilled", "rejected"]);
        const after = (await store.getOrder(order.id))!;
        assert.equal(after.history.filter((event) => event.note === "evt_race").length, 1);
        assert.equal(after.revision, order.revision + 1);
      } finally {
        await second.close();
      }
    });

    it("a charge that is not the order's is recorded as such: payment and stock as they were, then the genuine payment pays", async () => {
      const order = await placeByCard(store, lamp, 1);
      const flagged = await store.takeOrderStep(order.id, stripeStep(order, "card_charge_mismatch", "evt_mismatch"));
      assert.deepEqual(
        [flagged.payment, flagged.history.at(-1)?.step, flagged.history.at(-1)?.note],
        ["awaiting", "card_charge_mismatch", "evt_mismatch"],
      );
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 2);
      const paid = await store.takeOrderStep(order.id, stripeStep(flagged, "card_paid", "evt_after_mismatch"));
      assert.equal(paid.payment, "paid");
      await rejectsWith(store.takeOrderStep(order.id, stripeStep(paid, "card_charge_mismatch", "evt_late_mismatch")), "conflict");
    });

    it("refunds by card: asked (pending, never past what is left), then counted only as Stripe says; partly, then wholly", async () => {
      const order = await placeByCard(store, lamp, 2);
      const paid = await store.takeOrderStep(order.id, stripeStep(order, "card_paid", "evt_refund_paid"));
      const ask = (at: Order, id: string, amountCents: number) => ({
        ...stripeStep(at, "card_paid", "$10.00"),
        step: "refund_by_card" as const,
        by: "admin@example.com",
        refund: { id, amountCents },
      });
      const asked = await store.takeOrderStep(order.id, ask(paid, "re_first", 1000));
      assert.equal(asked.payment, "paid", "a pending refund moves no money yet");
      assert.deepEqual(
        asked.cardRefunds.map((r) => [r.id, r.amountCents, r.status]),
        [["re_first", 1000, "pending"]],
      );
      // More than is left (the total less the pending 1000) is refused; nothing changes.
      await rejectsWith(store.takeOrderStep(order.id, ask(asked, "re_too_much", order.totalCents - 999)), "conflict");
      const settled = await store.takeOrderStep(order.id, {
        ...stripeStep(asked, "card_refunded", "evt_refund_first"),
        refund: { id: "re_first", amountCents: 1000 },
      });
      assert.deepEqual([settled.payment, settled.cardRefunds[0].status], ["partially_refunded", "succeeded"]);
      // A refund made in Stripe's Dashboard for the rest is heard of first as Stripe's word: recorded, and the order is refunded.
      const rest = await store.takeOrderStep(order.id, {
        ...stripeStep(settled, "card_refunded", "evt_refund_rest"),
        refund: { id: "re_dashboard", amountCents: order.totalCents - 1000 },
      });
      assert.equal(rest.payment, "refunded");
      assert.deepEqual(
        rest.cardRefunds.map((r) => [r.id, r.status]),
        [
          ["re_first", "succeeded"],
          ["re_dashboard", "succeeded"],
        ],
      );
      const stored = (await store.getOrder(order.id))!;
      assert.deepEqual(stored.cardRefunds, rest.cardRefunds, "kept as written");
    });

    it("a refund Stripe could not make is recorded failed, and its amount may be refunded again", async () => {
      const order = await placeByCard(store, lamp, 1);
      const paid = await store.takeOrderStep(order.id, stripeStep(order, "card_paid", "evt_rf_paid"));
      const asked = await store.takeOrderStep(order.id, {
        ...stripeStep(paid, "card_paid", "all"),
        step: "refund_by_card",
        by: "admin@example.com",
        refund: { id: "re_will_fail", amountCents: order.totalCents },
      });
      const failed = await store.takeOrderStep(order.id, {
        ...stripeStep(asked, "card_refund_failed", "evt_rf_failed"),
        refund: { id: "re_will_fail", amountCents: order.totalCents },
      });
      assert.deepEqual([failed.payment, failed.cardRefunds[0].status], ["paid", "failed"]);
      const again = await store.takeOrderStep(order.id, {
        ...stripeStep(failed, "card_paid", "all"),
        step: "refund_by_card",
        by: "admin@example.com",
        refund: { id: "re_second_try", amountCents: order.totalCents },
      });
      assert.equal(again.cardRefunds.length, 2);
    });
  });
}
