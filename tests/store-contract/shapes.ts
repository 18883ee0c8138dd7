import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { z } from "zod";
import { cartItemSchema } from "@/lib/data/contract/cart";
import { productSchema } from "@/lib/data/contract/catalog";
import { orderSchema } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { userProfileSchema } from "@/lib/data/contract/users";
import { defaultBill, newProduct, emailOf } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

/** Asserts `value` is exactly the shape `schema` declares: no field missing, none of another type, none extra. */
function assertShape(schema: z.ZodType, value: unknown, what: string): void {
  const parsed = schema.safeParse(value);
  assert.ok(
    parsed.success,
    `${what} is not the declared shape: ${parsed.error?.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
  );
}

/**
 * The contract's types are its schemas' outputs (lib/data/contract): what each
 * backend reads back is exactly the shape declared there, in every state it
 * can be in, so the type a caller is given is the data it gets.
 */
export function shapeContract(open: StoreFactory): void {
  describe("what a store returns is the shape the contract declares", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("a product, a cart line and a profile", async () => {
      const lamp = await store.addProduct(newProduct({ name: "Shape Lamp", priceCents: 1999 }));
      assertShape(productSchema, await store.getProduct(lamp.id), "a product");
      await store.addToLine("guest:shape-cart-0001", lamp.id, 2);
      await store.addToLine("user:shapeUid", lamp.id, 1);
      for (const line of [...(await store.listCart("guest:shape-cart-0001")), ...(await store.listCart("user:shapeUid"))]) {
        assertShape(cartItemSchema, line, "a cart line");
      }
      await store.createUserIfMissing("shapeUid", { displayName: "Shape Shopper", email: "shape@example.com" });
      assertShape(userProfileSchema, await store.getUser("shapeUid"), "a profile");
    });

    it("an order placed, shipped, delivered, returned and erased", async () => {
      const lamp = await store.addProduct(newProduct({ name: "Shape Order Lamp", priceCents: 2500 }));
      const owner = "user:shapeOrderUid" as const;
      await store.addToLine(owner, lamp.id, 1);
      const { order } = await store.placeOrder({
        owner,
        uid: "shapeOrderUid",
        guestTokenHash: null,
        idempotencyKey: "shape-order-key-0001",
        paymentMethod: "pay_on_delivery",
        lines: [{ productId: lamp.id, unitPriceCents: 2500, quantity: 1 }],
        ...defaultBill([{ productId: lamp.id, unitPriceCents: 2500, quantity: 1 }]),
        contact: { email: "shape.order@example.com", name: "Shape Orderer", phone: "" },
        address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        confirmation: emailOf("shape.order@example.com"),
      });
      assertShape(orderSchema, await store.getOrder(order.id), "a placed order");
      const email = emailOf("shape.order@example.com", "Step");
      let current = order;
      for (const [step, note] of [
        ["ship", "TRACK-1"],
        ["deliver", ""],
        ["request_return", "Too small"],
        ["accept_return", ""],
      ] as const) {
        current = await store.takeOrderStep(current.id, { step, expectedRevision: current.revision, by: "admin@example.com", note, email });
        assertShape(orderSchema, await store.getOrder(current.id), `an order after ${step}`);
      }
      assert.equal(await store.eraseCustomer("shape.order@example.com"), 1);
      assertShape(orderSchema, await store.getOrder(order.id), "an erased order");
    });
  });
}
