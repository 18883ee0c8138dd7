import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { newProduct, placeGuestOrder } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const ADMIN = "admin@example.com";

/**
 * The operator's pay on delivery switch (../../lib/data/contract/payment-settings.ts):
 * on at revision 0, turned off and on with a revision another instance
 * reads, a stale or bad change refused; while it is off a placement to be
 * paid on delivery is refused in its transaction with nothing written, and
 * a card placement goes through.
 */
export function paymentSettingsContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("payment settings", () => {
    let store: Store;
    let kettle: Product;
    beforeEach(async () => {
      store = await open();
      kettle = await store.addProduct(newProduct({ name: "Switch Kettle", priceCents: 3000 }));
      await store.setStock(kettle.id, 4, null);
    });
    afterEach(() => store.close());

    it("offers pay on delivery at revision 0 until the operator turns it off, which another instance reads", async () => {
      assert.deepEqual(await store.getPaymentSettings(), { payOnDelivery: true, revision: 0 });
      assert.deepEqual(await store.setPayOnDelivery(false, 0, ADMIN), { payOnDelivery: false, revision: 1 });
      const second = await openSecond(store);
      try {
        assert.deepEqual(await second.getPaymentSettings(), { payOnDelivery: false, revision: 1 });
      } finally {
        await second.close();
      }
      assert.deepEqual(await store.setPayOnDelivery(true, 1, ADMIN), { payOnDelivery: true, revision: 2 });
    });

    it("refuses a stale or bad change and keeps the switch as it was", async () => {
      await store.setPayOnDelivery(false, 0, ADMIN);
      await rejectsWith(store.setPayOnDelivery(true, 0, "other@example.com"), "conflict");
      await rejectsWith(store.setPayOnDelivery("no" as unknown as boolean, 1, ADMIN), "invalid_input");
      await rejectsWith(store.setPayOnDelivery(true, -1, ADMIN), "invalid_input");
      await rejectsWith(store.setPayOnDelivery(true, 1, ""), "invalid_input");
      assert.deepEqual(await store.getPaymentSettings(), { payOnDelivery: false, revision: 1 });
    });

    it("lets one of two simultaneous changes from the same revision through", async () => {
      const attempts = await Promise.allSettled([
        store.setPayOnDelivery(false, 0, ADMIN),
        store.setPayOnDelivery(false, 0, "other@example.com"),
      ]);
      assert.equal(attempts.filter((a) => a.status === "fulfilled").length, 1);
      assert.equal((await store.getPaymentSettings()).revision, 1);
    });

    it("while off, refuses an order to be paid on delivery, writing nothing, and takes one by card", async () => {
      await store.setPayOnDelivery(false, 0, ADMIN);
      const refused = await rejectsWith(placeGuestOrder(store, kettle, { paymentMethod: "pay_on_delivery", quantity: 2 }), "conflict");
      assert.equal(refused.fields.payment, "pay_on_delivery_off");
      assert.equal((await store.getStock([kettle.id])).get(kettle.id), 4, "no stock was taken");
      const byCard = await placeGuestOrder(store, kettle, { paymentMethod: "card", quantity: 2 });
      assert.deepEqual([byCard.paymentMethod, byCard.payment], ["card", "awaiting"]);
      await store.setPayOnDelivery(true, 1, ADMIN);
      const onDelivery = await placeGuestOrder(store, kettle, { paymentMethod: "pay_on_delivery", quantity: 1 });
      assert.deepEqual([onDelivery.paymentMethod, onDelivery.payment], ["pay_on_delivery", "due"]);
      assert.equal((await store.getStock([kettle.id])).get(kettle.id), 1);
    });
  });
}
