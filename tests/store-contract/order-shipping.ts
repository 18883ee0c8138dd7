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

/** A guest's placement of `quantity` of `product` to `address`, showing `shippingCents` and `taxCents`. */
function placement(
  owner: CartOwner,
  product: Product,
  quantity: number,
  address: ShippingAddress,
  shippingCents: number,
  taxCents: number,
): PlaceOrderInput {
  return {
    owner,
    uid: null,
    guestTokenHash: "c".repeat(64),
    idempotencyKey: `shipping-key-${Date.now().toString(36)}-${++keys}`.padEnd(16, "x"),
    paymentMethod: "pay_on_delivery",
    lines: [{ productId: product.id, unitPriceCents: product.priceCents, quantity }],
    shippingCents,
    taxCents,
    discountCode: null,
    discountCents: 0,
    contact: { email: "ship@example.com", name: "Sam Shipper", phone: "" },
    address,
    confirmation: emailOf("ship@example.com"),
  };
}

/** placeOrder charges the zones' shipping and the state's tax in its transaction, refuses other figures or an address no zone serves, and keeps what it charged. */
export function orderShippingContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("orders pay shipping by zone and sales tax by state", () => {
    let store: Store;
    let mug: Product;
    beforeEach(async () => {
      store = await open();
      mug = await store.addProduct(newProduct({ name: "Zone Mug", priceCents: 1250 }));
      await store.setStock(mug.id, 10, null);
    });
    afterEach(() => store.close());

    async function place(owner: CartOwner, quantity: number, address: ShippingAddress, shippingCents: number, taxCents: number) {
      await store.addToLine(owner, mug.id, quantity);
      return store.placeOrder(placement(owner, mug, quantity, address, shippingCents, taxCents));
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
      // Illinois taxes goods and shipping at 6.25 %: (2500 + 500) × 6.25 % = 187.5, rounded half up.
      const under = (await place("guest:ship-under", 2, ILLINOIS, 500, 188)).order;
      assert.deepEqual(
        [under.subtotalCents, under.shippingCents, under.taxCents, under.taxRate, under.totalCents, under.shippingZone],
        [2500, 500, 188, 6250, 3188, "Contiguous United States"],
      );
      assert.deepEqual(await store.getOrder(under.id), under);
      const at = (await place("guest:ship-at", 4, ILLINOIS, 0, 313)).order;
      assert.deepEqual([at.subtotalCents, at.shippingCents, at.taxCents, at.totalCents], [5000, 0, 313, 5313]);
      // Alaska has no state sales tax.
      const alaska = (await place("guest:ship-alaska", 4, ALASKA, 1500, 0)).order;
      assert.deepEqual(
        [alaska.shippingCents, alaska.taxCents, alaska.taxRate, alaska.totalCents, alaska.shippingZone],
        [1500, 0, 0, 6500, "Alaska and Hawaii"],
      );
      assert.deepEqual(await store.getOrder(alaska.id), alaska);
    });

    it("taxes by the destination state's rule: California taxes the goods, not the shipping; New York both", async () => {
      const california = { ...ILLINOIS, city: "Fresno", region: "CA", postalCode: "93650" };
      const ca = (await place("guest:tax-ca", 1, california, 500, 91)).order;
      // 1250 × 7.25 % = 90.625 → 91; the $5.00 shipping untaxed.
      assert.deepEqual([ca.taxCents, ca.taxRate, ca.totalCents], [91, 7250, 1841]);
      const newYork = { ...ILLINOIS, city: "Albany", region: "NY", postalCode: "12207" };
      const ny = (await place("guest:tax-ny", 1, newYork, 500, 70)).order;
      // (1250 + 500) × 4 % = 70.
      assert.deepEqual([ny.taxCents, ny.taxRate, ny.totalCents], [70, 4000, 1820]);
    });

    it("refuses a figure other than the zones' (the figure now named) and writes nothing", async () => {
      const fields = (await rejectsWith(place("guest:ship-stale", 1, ALASKA, 500, 0), "conflict")).fields;
      assert.deepEqual(fields, { shipping: "shipping_changed", shippingCents: "1500" });
      await assertNothingWritten("guest:ship-stale", 1);
    });

    it("refuses a tax other than the bill's (the figure now named) and writes nothing", async () => {
      const fields = (await rejectsWith(place("guest:tax-stale", 1, ILLINOIS, 500, 0), "conflict")).fields;
      assert.deepEqual(fields, { tax: "tax_changed", taxCents: "109" });
      await assertNothingWritten("guest:tax-stale", 1);
    });

    it("refuses an address no zone serves and writes nothing", async () => {
      const fields = (await rejectsWith(place("guest:ship-abroad", 1, TORONTO, 500, 0), "conflict")).fields;
      assert.deepEqual(fields, { shipping: "not_served" });
      await assertNothingWritten("guest:ship-abroad", 1);
    });

    it("charges the zones the operator saved, on every instance: a country added is served", async () => {
      const canada = { id: "ca", name: "Canada", country: "CA", regions: [], rateCents: 2000, freeOverCents: 10000 };
      await store.setShippingZones([...DEFAULT_SHIPPING_ZONES, canada], 0, "admin@example.com");
      const second = await openSecond(store);
      try {
        await store.addToLine("guest:ship-canada", mug.id, 1);
        const { order } = await second.placeOrder(placement("guest:ship-canada", mug, 1, TORONTO, 2000, 0));
        // No sales tax outside the United States.
        assert.deepEqual([order.shippingCents, order.taxCents, order.totalCents, order.shippingZone], [2000, 0, 3250, "Canada"]);
      } finally {
        await second.close();
      }
    });
  });
}
