/**
 * Erasing a customer on Firestore writes each order's erased fields alone
 * (lib/data/firestore/order-docs.ts erasedOrderFields): the contact, the
 * address, the email key and the time, never the payment, refunds or
 * revision a step may have committed since the order was read.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { erasedOrderFields } from "@/lib/data/firestore/order-docs";
import { storedOrder } from "./helpers/fixtures";

describe("the fields erasing an order writes on Firestore", () => {
  it("are the contact, the address, the email key and when, blanked; nothing a step writes", () => {
    const fields = erasedOrderFields(storedOrder({ payment: "paid", revision: 4 }), 1_000);
    assert.deepEqual(fields, {
      contact: { name: "", email: "erased", phone: "" },
      address: { country: "", line1: "", line2: "", city: "", region: "", postalCode: "" },
      erasedAt: 1_000,
      emailKey: "erased",
    });
  });
});
