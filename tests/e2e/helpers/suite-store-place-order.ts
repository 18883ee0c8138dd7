/**
 * One guest order placed in a store as the checkout places it: the lines go
 * into a fresh guest cart, then one placeOrder with the cart's prices, the
 * contact and address, the bill for that address and the confirmation email.
 * With `delivered` the order is then shipped and delivered, as the desk
 * would. Runs in the suite's store process (helpers/suite-store-process.ts).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { billFor } from "@/lib/data/rules/bill";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { confirmationEmail, stepEmail } from "@/lib/orders/emails";

/** Ships and delivers `order` as the desk does (an admin's steps, each with its email). */
async function deliver(store: Store, order: Order): Promise<void> {
  let current = order;
  for (const [step, note] of [
    ["ship", "SPEC-TRACK-1"],
    ["deliver", ""],
  ] as const) {
    current = await store.takeOrderStep(current.id, {
      step,
      expectedRevision: current.revision,
      by: "admin@storefront.local",
      note,
      email: stepEmail(step),
    });
  }
}

/** The order's id, reference and guest link token. */
export async function placeGuestOrder(
  store: Store,
  email: string,
  wanted: Record<string, number>,
  delivered: boolean,
): Promise<{ id: string; reference: string; token: string }> {
  const owner = `guest:${randomUUID()}` as const;
  for (const [productId, quantity] of Object.entries(wanted)) await store.addToLine(owner, productId, quantity);
  const cart = await store.listCart(owner);
  const lines = cart.map((item) => ({ productId: item.productId, unitPriceCents: item.priceCents, quantity: item.quantity }));
  const guestToken = randomBytes(32).toString("base64url");
  const name = "Desk Spec Shopper";
  const address = { country: "US", line1: "1 Test Street", line2: "", city: "Springfield", region: "IL", postalCode: "62701" };
  // The bill the checkout would show for this address: the shop's zones of now and the tax table.
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const bill = billFor((await store.getShippingZones()).zones, address, subtotal);
  if (!bill) throw new Error("The shop's shipping zones do not serve Illinois");
  const { order } = await store.placeOrder({
    owner,
    uid: null,
    idempotencyKey: randomBytes(18).toString("base64url"),
    paymentMethod: "pay_on_delivery",
    lines,
    shippingCents: bill.shipping.cents,
    taxCents: bill.tax.cents,
    discountCode: null,
    discountCents: 0,
    contact: { email, name, phone: "" },
    address,
    guestTokenHash: createHash("sha256").update(guestToken).digest("hex"),
    confirmation: confirmationEmail(guestToken),
  });
  if (delivered) await deliver(store, order);
  return { id: order.id, reference: order.reference, token: guestToken };
}
