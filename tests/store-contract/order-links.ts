import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { LIMITS } from "@/lib/data/contract/limits";
import type { EmailOfOrder, Order } from "@/lib/data/contract/orders";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { defaultBill, emailOf, eventually, newProduct, pause } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const CHECKOUT_HASH = "a".repeat(64);
/** A distinct sha-256 in hex for `n`. */
const hashOf = (n: number) => n.toString(16).padStart(64, "b");
let keys = 0;

/** A link's email as the store takes it: written from the order. */
const linkEmail =
  (n: number): EmailOfOrder =>
  (order) => ({ to: "gale@example.com", subject: `Your link ${n}`, text: `A new link to your order ${order.reference}: ${n}` });

async function placeOne(store: Store, owner: CartOwner, product: Product): Promise<Order> {
  await store.addToLine(owner, product.id);
  const signedIn = owner.startsWith("user:");
  const { order } = await store.placeOrder({
    owner,
    uid: signedIn ? owner.slice(5) : null,
    guestTokenHash: signedIn ? null : CHECKOUT_HASH,
    idempotencyKey: `order-link-key-${Date.now().toString(36)}-${++keys}`.padEnd(16, "x"),
    paymentMethod: "pay_on_delivery",
    lines: [{ productId: product.id, unitPriceCents: product.priceCents, quantity: 1 }],
    ...defaultBill([{ productId: product.id, unitPriceCents: product.priceCents, quantity: 1 }]),
    contact: { email: "Gale@Example.com", name: "Gale Guest", phone: "" },
    address: { country: "US", line1: "3 Side St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
    confirmation: emailOf("Gale@Example.com"),
  });
  return order;
}

/**
 * OrderStore.addOrderLink ("find my order": a new link beside the old ones)
 * and OrderStore.watchOrder (an open order page's live channel), on every
 * adapter (issue 38, items 7 and 10).
 */
export function orderLinkContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("order links", () => {
    let store: Store;
    let lamp: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Linked Lamp", priceCents: 2000 }));
    });
    afterEach(() => store.close());

    it("adds a guest's new link beside the old ones and writes its email, in one step; the revision and history stay", async () => {
      const order = await placeOne(store, "guest:order-links-gale", lamp);
      assert.deepEqual(order.guestTokenHashes, [CHECKOUT_HASH]);
      await store.addOrderLink(order.id, { tokenHash: hashOf(1), email: linkEmail(1) });
      const linked = (await store.getOrder(order.id))!;
      assert.deepEqual(linked.guestTokenHashes, [CHECKOUT_HASH, hashOf(1)], "the checkout's link keeps working");
      assert.deepEqual({ ...linked, guestTokenHashes: order.guestTokenHashes }, order, "nothing else of the order changed");
      const emails = await store.listOrderEmails(order.id);
      assert.equal(emails.length, 2);
      assert.deepEqual(
        [emails[1].to, emails[1].subject, emails[1].text, emails[1].state],
        ["gale@example.com", "Your link 1", `A new link to your order ${order.reference}: 1`, "pending"],
      );
      assert.notEqual(emails[1].messageId, emails[0].messageId);
      // The same token twice is kept once; a second link gets an email of its own, with its own Message-ID.
      await store.addOrderLink(order.id, { tokenHash: hashOf(1), email: linkEmail(2) });
      assert.deepEqual((await store.getOrder(order.id))!.guestTokenHashes, [CHECKOUT_HASH, hashOf(1)]);
      const again = await store.listOrderEmails(order.id);
      assert.equal(again.length, 3);
      assert.equal(new Set(again.map((email) => email.messageId)).size, 3);
    });

    it(`keeps at most ${LIMITS.guestLinksMax} links: the checkout's always, then the newest asked for`, async () => {
      const order = await placeOne(store, "guest:order-links-many", lamp);
      for (let n = 1; n <= LIMITS.guestLinksMax + 3; n += 1)
        await store.addOrderLink(order.id, { tokenHash: hashOf(n), email: linkEmail(n) });
      const hashes = (await store.getOrder(order.id))!.guestTokenHashes;
      const newest = Array.from({ length: LIMITS.guestLinksMax - 1 }, (_, i) =>
        hashOf(LIMITS.guestLinksMax + 3 - (LIMITS.guestLinksMax - 2) + i),
      );
      assert.deepEqual(hashes, [CHECKOUT_HASH, ...newest]);
    });

    it("refuses an unknown order and a token for an order placed signed in, writing nothing; a signed-in order's link email goes without one", async () => {
      await rejectsWith(store.addOrderLink("no-such-order", { tokenHash: hashOf(1), email: linkEmail(1) }), "not_found");
      const signedIn = await placeOne(store, "user:orderLinksUid", lamp);
      assert.deepEqual(signedIn.guestTokenHashes, []);
      await rejectsWith(store.addOrderLink(signedIn.id, { tokenHash: hashOf(1), email: linkEmail(1) }), "conflict");
      assert.deepEqual((await store.getOrder(signedIn.id))!.guestTokenHashes, []);
      assert.equal((await store.listOrderEmails(signedIn.id)).length, 1, "no email for the refused link");
      await store.addOrderLink(signedIn.id, { tokenHash: null, email: linkEmail(3) });
      assert.deepEqual((await store.getOrder(signedIn.id))!.guestTokenHashes, []);
      assert.equal((await store.listOrderEmails(signedIn.id)).at(-1)?.subject, "Your link 3");
      await rejectsWith(store.addOrderLink(signedIn.id, { tokenHash: "not a hash", email: linkEmail(4) }), "invalid_input");
      await rejectsWith(
        store.addOrderLink(signedIn.id, { tokenHash: null, email: () => ({ to: "not an address", subject: "x", text: "y" }) }),
        "invalid_input",
      );
    });

    it("a watcher hears the order's revision at once, then each step taken through any instance; nothing after it stops, nothing for an unknown order", async () => {
      const order = await placeOne(store, "guest:order-links-watched", lamp);
      const second = await openSecond(store);
      try {
        const heard: number[] = [];
        const stop = second.watchOrder(order.id, (revision) => heard.push(revision));
        await eventually(() => assert.deepEqual(heard, [0]), 5_000);
        // A second page of the same order on that instance hears the same, at once.
        const alsoHeard: number[] = [];
        const stopAlso = second.watchOrder(order.id, (revision) => alsoHeard.push(revision));
        await eventually(() => assert.deepEqual(alsoHeard, [0]), 5_000);
        stopAlso();
        const shipped = await store.takeOrderStep(order.id, {
          step: "ship",
          expectedRevision: 0,
          by: "admin@example.com",
          note: "TRACK-1",
          email: linkEmail(9),
        });
        await eventually(() => assert.equal(heard.at(-1), shipped.revision), 5_000);
        assert.deepEqual([...new Set(heard)], [0, 1], "revisions in order; one may repeat");
        stop();
        await store.takeOrderStep(order.id, {
          step: "deliver",
          expectedRevision: 1,
          by: "admin@example.com",
          note: "",
          email: linkEmail(10),
        });
        const unknown: number[] = [];
        const stopUnknown = second.watchOrder("no-such-order", (revision) => unknown.push(revision));
        await pause(2_000);
        assert.equal(heard.includes(2), false, "nothing after it stopped");
        assert.deepEqual(alsoHeard, [0]);
        assert.deepEqual(unknown, []);
        stopUnknown();
      } finally {
        await second.close();
      }
    });
  });
}
