import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { NewDiscount } from "@/lib/data/contract/discounts";
import type { PlaceOrderInput } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { defaultBill, emailOf, newProduct } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const ILLINOIS = { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" };
const ADMIN = "admin@example.com";

let keys = 0;

/** A code with no bounds unless given. */
function code(overrides: Partial<NewDiscount> = {}): NewDiscount {
  return {
    code: `SAVE-${Date.now().toString(36)}-${++keys}`.toUpperCase().slice(0, 32),
    kind: "percent",
    value: 10,
    minSubtotalCents: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerEmail: null,
    ...overrides,
  };
}

/** A guest's placement of one `product` to Illinois with `discountCode`, showing `discountCents` and the bill that follows. */
function placement(owner: CartOwner, product: Product, email: string, discountCode: string | null, discountCents: number): PlaceOrderInput {
  const lines = [{ productId: product.id, unitPriceCents: product.priceCents, quantity: 1 }];
  return {
    owner,
    uid: null,
    guestTokenHash: "d".repeat(64),
    idempotencyKey: `discount-key-${Date.now().toString(36)}-${++keys}`.padEnd(16, "x"),
    paymentMethod: "pay_on_delivery",
    lines,
    ...defaultBill([{ unitPriceCents: product.priceCents - discountCents, quantity: 1 }]),
    discountCode,
    discountCents,
    contact: { email, name: "Dee Count", phone: "" },
    address: ILLINOIS,
    confirmation: emailOf(email),
  };
}

/** Discount codes: kept and listed, a use counted in the order's transaction (exactly, under a race), refused in words, given back by a cancel. */
export function discountContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("discount codes", () => {
    let store: Store;
    let mug: Product;
    beforeEach(async () => {
      store = await open();
      mug = await store.addProduct(newProduct({ name: "Code Mug", priceCents: 4000 }));
    });
    afterEach(() => store.close());

    async function place(owner: CartOwner, email: string, discountCode: string | null, discountCents: number) {
      await store.addToLine(owner, mug.id, 1);
      return (await store.placeOrder(placement(owner, mug, email, discountCode, discountCents))).order;
    }

    /** Nothing of a refused placement was written: the cart kept, no order, the code's uses as they were. */
    async function assertNothingWritten(owner: CartOwner, discountCode: string, uses: number | undefined) {
      assert.deepEqual(
        (await store.listCart(owner)).map((line) => line.productId),
        [mug.id],
      );
      assert.equal((await store.getDiscount(discountCode))?.uses, uses);
    }

    it("keeps a code as created (matched in any case), lists it, refuses a second of the same code, disables it", async () => {
      const created = await store.createDiscount(
        code({ code: "WELCOME-10", maxUses: 5, maxUsesPerEmail: 1, minSubtotalCents: 2000 }),
        ADMIN,
      );
      assert.deepEqual(
        [created.code, created.uses, created.disabled, created.createdBy, created.maxUses],
        ["WELCOME-10", 0, false, ADMIN, 5],
      );
      assert.deepEqual(await store.getDiscount("welcome-10"), created);
      assert.deepEqual(
        (await store.listDiscounts()).map((d) => d.code),
        ["WELCOME-10"],
      );
      const fields = (await rejectsWith(store.createDiscount(code({ code: "welcome-10" }), ADMIN), "conflict")).fields;
      assert.deepEqual(fields, { code: "exists" });
      assert.equal((await store.setDiscountDisabled("WELCOME-10", true, ADMIN)).disabled, true);
      assert.equal((await store.getDiscount("WELCOME-10"))?.disabled, true);
      await rejectsWith(store.setDiscountDisabled("NO-SUCH-CODE", true, ADMIN), "not_found");
      await rejectsWith(store.createDiscount(code({ kind: "percent", value: 101 }), ADMIN), "invalid_input");
      assert.equal(await store.getDiscount("NO-SUCH-CODE"), null);
    });

    it("an order with a code pays the goods less the discount; the order keeps it and the use is counted, in all and for the email", async () => {
      const ten = await store.createDiscount(code({ value: 10 }), ADMIN);
      const order = await place("guest:code-one", "dee@example.com", ten.code.toLowerCase(), 400);
      // $40.00 less 10 %: $36.00 of goods, under the $50.00 of free shipping: $5.00; Illinois 6.25 % of $41.00: $2.56.
      assert.deepEqual(
        [order.subtotalCents, order.discountCode, order.discountCents, order.shippingCents, order.taxCents, order.totalCents],
        [4000, ten.code, 400, 500, 256, 4356],
      );
      assert.deepEqual(await store.getOrder(order.id), order);
      assert.equal((await store.getDiscount(ten.code))?.uses, 1);
      assert.equal(await store.discountUsesByEmail(ten.code, "DEE@example.com"), 1);
      assert.equal(await store.discountUsesByEmail(ten.code, "other@example.com"), 0);
    });

    it("refuses, writing nothing, a code that is unknown, disabled, not started, ended, used up, used up for the email, or under its minimum", async () => {
      const now = Date.now();
      const cases: Array<[string, Partial<NewDiscount> | null, string]> = [
        ["unknown", null, "unknown"],
        ["disabled", {}, "disabled"],
        ["not started", { startsAt: now + 3_600_000 }, "not_started"],
        ["ended", { startsAt: now - 7_200_000, endsAt: now - 3_600_000 }, "ended"],
        ["under its minimum", { minSubtotalCents: 4001 }, "below_minimum"],
      ];
      for (const [i, [what, terms, reason]] of cases.entries()) {
        const made = terms ? await store.createDiscount(code(terms), ADMIN) : { code: "NO-SUCH-CODE" };
        if (what === "disabled") await store.setDiscountDisabled(made.code, true, ADMIN);
        const owner: CartOwner = `guest:code-refused-${i}`;
        await store.addToLine(owner, mug.id, 1);
        const refused = store.placeOrder(placement(owner, mug, "dee@example.com", made.code, 400));
        assert.deepEqual((await rejectsWith(refused, "conflict")).fields, { discount: reason }, what);
        await assertNothingWritten(owner, made.code, terms ? 0 : undefined);
      }
      const once = await store.createDiscount(code({ maxUses: 1 }), ADMIN);
      await place("guest:code-once", "first@example.com", once.code, 400);
      await store.addToLine("guest:code-twice", mug.id, 1);
      const usedUp = store.placeOrder(placement("guest:code-twice", mug, "second@example.com", once.code, 400));
      assert.deepEqual((await rejectsWith(usedUp, "conflict")).fields, { discount: "used_up" });
      await assertNothingWritten("guest:code-twice", once.code, 1);

      const perEmail = await store.createDiscount(code({ maxUsesPerEmail: 1 }), ADMIN);
      await place("guest:code-mine", "dee@example.com", perEmail.code, 400);
      await store.addToLine("guest:code-mine-again", mug.id, 1);
      const mine = store.placeOrder(placement("guest:code-mine-again", mug, "Dee@Example.com", perEmail.code, 400));
      assert.deepEqual((await rejectsWith(mine, "conflict")).fields, { discount: "used_by_email" });
      await assertNothingWritten("guest:code-mine-again", perEmail.code, 1);
      assert.ok(await place("guest:code-yours", "you@example.com", perEmail.code, 400), "another email may still use it");
    });

    it("refuses an amount other than the code's now (named), and a discount without a code", async () => {
      const five = await store.createDiscount(code({ kind: "amount", value: 500 }), ADMIN);
      await store.addToLine("guest:code-stale", mug.id, 1);
      const stale = store.placeOrder(placement("guest:code-stale", mug, "dee@example.com", five.code, 400));
      assert.deepEqual((await rejectsWith(stale, "conflict")).fields, { discount: "discount_changed", discountCents: "500" });
      const forged = store.placeOrder(placement("guest:code-stale", mug, "dee@example.com", null, 400));
      assert.deepEqual((await rejectsWith(forged, "conflict")).fields, { discount: "discount_changed", discountCents: "0" });
      await assertNothingWritten("guest:code-stale", five.code, 0);
    });

    it("a cancelled order gives its use back, in all and for its email; a delivered one keeps it", async () => {
      const once = await store.createDiscount(code({ maxUses: 1, maxUsesPerEmail: 1 }), ADMIN);
      const order = await place("guest:code-cancel", "dee@example.com", once.code, 400);
      await store.takeOrderStep(order.id, { step: "cancel", expectedRevision: 0, by: ADMIN, note: "", email: emailOf("dee@example.com") });
      assert.equal((await store.getDiscount(once.code))?.uses, 0);
      assert.equal(await store.discountUsesByEmail(once.code, "dee@example.com"), 0);
      const again = await place("guest:code-again", "dee@example.com", once.code, 400);
      for (const [step, revision, note] of [
        ["ship", 0, "TRACK-1"],
        ["deliver", 1, ""],
      ] as const)
        await store.takeOrderStep(again.id, { step, expectedRevision: revision, by: ADMIN, note, email: emailOf("dee@example.com") });
      assert.equal((await store.getDiscount(once.code))?.uses, 1);
    });

    it("two shoppers racing for a code's last use through two instances: one order with it, one clear refusal, the count exact", async () => {
      const last = await store.createDiscount(code({ maxUses: 3 }), ADMIN);
      await place("guest:code-race-0", "zero@example.com", last.code, 400);
      await place("guest:code-race-1", "one@example.com", last.code, 400);
      const second = await openSecond(store);
      try {
        await store.addToLine("guest:code-race-a", mug.id, 1);
        await store.addToLine("guest:code-race-b", mug.id, 1);
        const settled = await Promise.allSettled([
          store.placeOrder(placement("guest:code-race-a", mug, "a@example.com", last.code, 400)),
          second.placeOrder(placement("guest:code-race-b", mug, "b@example.com", last.code, 400)),
        ]);
        const outcomes = settled.map((s) =>
          s.status === "fulfilled" ? "placed" : JSON.stringify((s.reason as { fields?: unknown }).fields ?? String(s.reason)),
        );
        assert.deepEqual(outcomes.sort(), ["placed", JSON.stringify({ discount: "used_up" })].sort());
        assert.equal((await store.getDiscount(last.code))?.uses, 3);
      } finally {
        await second.close();
      }
    });
  });
}
