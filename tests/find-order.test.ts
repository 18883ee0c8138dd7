/**
 * "Find my order" (lib/orders/find-order.ts) and where a signed-out order
 * link leads (lib/orders/order-gate.ts), issue 38 item 7, against a real
 * SQLite store: a guest gets a new link by email and order reference, beside
 * the old ones; the answer is the same whether or not the order exists; the
 * limits are asked once the form is valid; a signed-in shopper's link opened
 * signed out leads to the sign-in page, for any id, without a read.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { StoreError } from "@/lib/data/contract/errors";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { stepEmail } from "@/lib/orders/emails";
import { requestOrderLink, type FindOrderRequest } from "@/lib/orders/find-order";
import { FIND_ORDER_MESSAGES, findOrderNotice, findOrderStateOf } from "@/lib/orders/find-order-state";
import { guestTokenFor } from "@/lib/orders/guest-token";
import { accessTo } from "@/lib/orders/order-access";
import { orderNeedsSignIn } from "@/lib/orders/order-gate";
import { signInForOrderPath } from "@/lib/orders/paths";
import { defaultBill, emailOf, product } from "./helpers/fixtures";
import { formOf } from "./helpers/action-inputs";

const dir = mkdtempSync(join(tmpdir(), "find-order-"));
const EMAIL = "Gwen.Guest@Example.com";
const nobody = { uid: null, verifiedEmail: async () => null };
let keys = 0;

describe("find my order", () => {
  let store: Store;
  let guestOrder: Order;
  let checkoutToken: string;
  let accountOrder: Order;
  let limitsAsked: string[];
  let sent: number;
  let request: FindOrderRequest;

  async function place(owner: CartOwner, email: string): Promise<{ order: Order; token: string | null }> {
    await store.addToLine(owner, "lamp");
    const key = `find-order-key-${++keys}`.padEnd(16, "x");
    const guest = owner.startsWith("guest:") ? guestTokenFor(owner, key, "secret") : null;
    const { order } = await store.placeOrder({
      owner,
      uid: guest ? null : owner.slice(5),
      guestTokenHash: guest?.hash ?? null,
      idempotencyKey: key,
      paymentMethod: "pay_on_delivery",
      lines: [{ productId: "lamp", unitPriceCents: 2000, quantity: 1 }],
      ...defaultBill([{ productId: "lamp", unitPriceCents: 2000, quantity: 1 }]),
      contact: { email, name: "Gwen Guest", phone: "" },
      address: { country: "US", line1: "4 Side St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
      confirmation: emailOf(email),
    });
    return { order, token: guest?.token ?? null };
  }

  before(async () => {
    store = openSqliteStore(join(dir, "store.db"));
    await store.upsertProducts([product("lamp", 1, "Electronics", { name: "Desk Lamp", priceCents: 2000 })]);
    const guest = await place("guest:find-order-gwen", EMAIL);
    guestOrder = guest.order;
    checkoutToken = guest.token!;
    accountOrder = (await place("user:findOrderUid", EMAIL)).order;
  });
  beforeEach(() => {
    limitsAsked = [];
    sent = 0;
    request = {
      store: async () => store,
      limit: async (email) => (limitsAsked.push(email), null),
      afterSent: () => void (sent += 1),
    };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const emailsOf = async (order: Order) => store.listOrderEmails(order.id);

  test("a guest's email and reference bring a new link by email, beside the old one; both open the order", async () => {
    const before = (await emailsOf(guestOrder)).length;
    const reference = guestOrder.reference.toLowerCase().replaceAll("-", " ");
    const state = await requestOrderLink(request, formOf({ email: ` ${EMAIL.toLowerCase()} `, reference }));
    assert.deepEqual(state, { kind: "sent", message: FIND_ORDER_MESSAGES.sent });
    assert.deepEqual(limitsAsked, [EMAIL.toLowerCase()]);
    assert.equal(sent, 1, "the email leaves after the response");
    const emails = await emailsOf(guestOrder);
    assert.equal(emails.length, before + 1);
    const mail = emails.at(-1)!;
    assert.equal(mail.to, EMAIL);
    assert.equal(mail.subject, `A link to your order ${guestOrder.reference}`);
    const token = new RegExp(`/orders-page/${guestOrder.id}\\?token=([A-Za-z0-9_-]{43})\\n`).exec(mail.text)?.[1];
    assert.ok(token, mail.text);
    assert.notEqual(token, checkoutToken);
    const order = (await store.getOrder(guestOrder.id))!;
    assert.equal(order.guestTokenHashes.length, 2);
    assert.equal(await accessTo(order, nobody, token), "token", "the new link opens it");
    assert.equal(await accessTo(order, nobody, checkoutToken), "token", "the confirmation's link keeps working");
    assert.match(mail.text, /The links you had keep working\./);
  });

  test("the same answer for a reference nobody has, another address, an erased order: nothing written, nothing sent", async () => {
    const emails = (await emailsOf(guestOrder)).length;
    const hashes = (await store.getOrder(guestOrder.id))!.guestTokenHashes;
    const { order: erased } = await place("guest:find-order-erased", "erased.guest@example.com");
    await store.eraseCustomer("erased.guest@example.com");
    const erasedEmails = (await emailsOf(erased)).length;
    for (const fields of [
      { email: EMAIL, reference: "ZZZZ-ZZZZ-ZZZZ" },
      { email: "someone.else@example.com", reference: guestOrder.reference },
      { email: "erased.guest@example.com", reference: erased.reference },
    ]) {
      assert.deepEqual(await requestOrderLink(request, formOf(fields)), { kind: "sent", message: FIND_ORDER_MESSAGES.sent }, fields.email);
    }
    assert.equal(limitsAsked.length, 3, "counted whether or not an order answers");
    assert.equal(sent, 0);
    assert.equal((await emailsOf(erased)).length, erasedEmails);
    assert.equal((await emailsOf(guestOrder)).length, emails);
    assert.deepEqual((await store.getOrder(guestOrder.id))!.guestTokenHashes, hashes);
  });

  test("an order placed signed in gets its link without a token: it opens to the account", async () => {
    const state = await requestOrderLink(request, formOf({ email: EMAIL, reference: accountOrder.reference }));
    assert.equal(state.kind, "sent");
    const mail = (await emailsOf(accountOrder)).at(-1)!;
    assert.match(mail.text, new RegExp(`/orders-page/${accountOrder.id}\\n`));
    assert.doesNotMatch(mail.text, /token=/);
    assert.match(mail.text, /It opens when you are signed in to your account on the shop\./);
    assert.deepEqual((await store.getOrder(accountOrder.id))!.guestTokenHashes, []);
  });

  test("a bad email or reference is said on its field and counts against no limit; a limit refuses before the store is asked", async () => {
    const state = await requestOrderLink(request, formOf({ email: "not an address", reference: "K7PM" }));
    assert.deepEqual(state, {
      kind: "invalid",
      errors: { email: FIND_ORDER_MESSAGES.email, reference: FIND_ORDER_MESSAGES.reference },
      values: { email: "not an address", reference: "K7PM" },
    });
    assert.deepEqual(limitsAsked, []);
    const limited = await requestOrderLink(
      {
        ...request,
        limit: async () => FIND_ORDER_MESSAGES.limited,
        store: async () => assert.fail("the store is not asked once a limit refused"),
      },
      formOf({ email: EMAIL, reference: guestOrder.reference }),
    );
    assert.deepEqual(limited, {
      kind: "refused",
      message: FIND_ORDER_MESSAGES.limited,
      values: { email: EMAIL, reference: guestOrder.reference },
    });
    const down = await requestOrderLink(
      {
        ...request,
        store: async () => {
          throw new StoreError("unavailable", "down");
        },
      },
      formOf({ email: EMAIL, reference: guestOrder.reference }),
    );
    assert.equal(down.kind === "refused" && down.message, FIND_ORDER_MESSAGES.unavailable);
  });

  test("each answer travels through a redirect as a code, and comes back as the same words", () => {
    for (const code of ["sent", "email", "reference", "limited", "unavailable"]) {
      const state = findOrderStateOf(code);
      assert.ok(state, code);
      assert.equal(findOrderNotice(state), code);
    }
    assert.equal(findOrderStateOf("<script>"), null);
    assert.equal(findOrderStateOf(["sent", "sent"]), null);
  });

  test("a guest's status emails say where to ask for a new link; a signed-in shopper's carry the order's link", () => {
    const guestMail = stepEmail("ship")(guestOrder);
    assert.match(
      guestMail.text,
      new RegExp(`ask for a new link at https?://[^ ]+/find-order with this email address and the reference ${guestOrder.reference}\\.`),
    );
    assert.doesNotMatch(stepEmail("ship")(accountOrder).text, /find-order/);
  });

  test("an order's link opened signed out without a token leads to the sign-in page and back, for any id the site could make", () => {
    assert.equal(orderNeedsSignIn(guestOrder.id, null, null), true);
    assert.equal(orderNeedsSignIn("never-placed-order-id", null, null), true, "the same for an order that does not exist");
    assert.equal(orderNeedsSignIn(guestOrder.id, checkoutToken, null), false, "a guest's link is looked up");
    assert.equal(orderNeedsSignIn(guestOrder.id, null, "someUid"), false, "signed in: the account is looked up");
    assert.equal(orderNeedsSignIn("bad/id", null, null), false, "no order has that id: not found");
    assert.equal(signInForOrderPath(guestOrder.id), `/sign-page?callbackUrl=%2Forders-page%2F${guestOrder.id}`);
  });
});
