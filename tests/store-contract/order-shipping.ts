import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { PlaceOrderInput, ShippingAddress } from "@/lib/data/contract/orders";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/data/contract/shipping";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { emailOf, newProduct } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const ILLINOIS: ShippingAddress = { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" };
const ALASKA: ShippingAddress = { country: "US", line1: "1 Bay Rd", line2: "", city: "Juneau", region: "AK", postalCode: "99801" };
const TORONTO: ShippingAddress = { country: "CA", line1: "1 King St W", line2: "", city: "Toronto", region: "ON", postalCode: "M5H 1A1" };

let keys = 0;

/** A guest's placement of `quantity` of `product` to `address`, showing `shippingCents`. */
function placement(owner: CartOwner, product: Product, quantity: number, address: ShippingAddress, shippingCents: number): PlaceOrderInput {
  return {
    owner,
    uid: null,
    guestTokenHash: "c".repeat(64),
    idempotencyKey: `shipping-key-${Date.now().toString(36)}-${++keys}`.padEnd(16, "x"),
    lines: [{ productId: product.id, unitPriceCents: product.priceCents, quantity }],
    shippingCents,
    contact: { email: "ship@example.com", name: "Sam Shipper", phone: "" },
    address,
    confirmation: emailOf("ship@example.com"),
  };
}

/** placeOrder charges the zones' shipping in its transaction, refuses another figure or an address no zone serves, and keeps the zone. */
export function orderShippingContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("orders pay shipping by zone", () => {
    let store: Store;
    let mug: Product;
    beforeEach(async () => {
      store = await open();
      mug = await store.addProduct(newProduct({ name: "Zone Mug", priceCents: 1250 }));
      await store.setStock(mug.id, 10, null);
    });
    afterEach(() => store.close());

    async function place(owner: CartOwner, quantity: number, address: ShippingAddress, shippingCents: number) {
      await store.addToLine(owner, mug.id, quantity);
      return store.placeOrder(placement(owner, mug, quantity, address, shippingCents));
    }

    /** Nothing of a refused placement was written: the cart kept, the stock as it was, no order. */
    async function assertNothingWritten(owner: CartOwner, quantity: number) {
      assert.deepEqual(
        (await store.listCart(owner)).map((line) => [line.productId, line.quantity]),
        [[mug.id, quantity]],
      );
      assert.deepEqual(await store.getStock([mug.id]), new Map([[mug.id, 10]]));
      assert.deepEqual(
        (await store.listOrders({ fulfilment: null, payment: null, returnState: null, query: "", limit: 10, after: null })).orders,
        [],
      );
    }

    it("charges the default zones: $5.00 in Illinois under $50.00, free at $50.00, $15.00 to Alaska; the order keeps the zone", async () => {
      const under = (await place("guest:ship-under", 2, ILLINOIS, 500)).order;
      assert.deepEqual(
        [under.subtotalCents, under.shippingCents, under.totalCents, under.shippingZone],
        [2500, 500, 3000, "Contiguous United States"],
      );
      assert.deepEqual(await store.getOrder(under.id), under);
      const at = (await place("guest:ship-at", 4, ILLINOIS, 0)).order;
      assert.deepEqual([at.subtotalCents, at.shippingCents, at.totalCents], [5000, 0, 5000]);
      const alaska = (await place("guest:ship-alaska", 4, ALASKA, 1500)).order;
      assert.deepEqual([alaska.shippingCents, alaska.totalCents, alaska.shippingZone], [1500, 6500, "Alaska and Hawaii"]);
      assert.deepEqual(await store.getOrder(alaska.id), alaska);
    });

    it("refuses a figure other than the zones' (the figure now named) and writes nothing", async () => {
      const fields = (await rejectsWith(place("guest:ship-stale", 1, ALASKA, 500), "conflict")).fields;
      assert.deepEqual(fields, { shipping: "shipping_changed", shippingCents: "1500" });
      await assertNothingWritten("guest:ship-stale", 1);
    });

    it("refuses an address no zone serves and writes nothing", async () => {
      const fields = (await rejectsWith(place("guest:ship-abroad", 1, TORONTO, 500), "conflict")).fields;
      assert.deepEqual(fields, { shipping: "not_served" });
      await assertNothingWritten("guest:ship-abroad", 1);
    });

    it("charges the zones the operator saved, on every instance: a country added is served", async () => {
      const canada = { id: "ca", name: "Canada", country: "CA", regions: [], rateCents: 2000, freeOverCents: 10000 };
      await store.setShippingZones([...DEFAULT_SHIPPING_ZONES, canada], 0, "admin@example.com");
      const second = await openSecond(store);
      try {
        await store.addToLine("guest:ship-canada", mug.id, 1);
        const { order } = await second.placeOrder(placement("guest:ship-canada", mug, 1, TORONTO, 2000));
        assert.deepEqual([order.shippingCents, order.totalCents, order.shippingZone], [2000, 3250, "Canada"]);
      } finally {
        await second.close();
      }
    });
  });
}
