/**
 * Deleting a shopper's account (lib/account/delete-account.ts), issue 43
 * item 5, against a real SQLite store, with Firebase Auth and the session as
 * stand-in functions (the e2e spec account-deletion.spec.ts asks the Auth
 * emulator on both backends): without a fresh proof of the session's own
 * account nothing changes; deleted, the orders keep their figures without
 * the person (the guest orders of the address only once it is verified),
 * the cart, address book and profile are gone, every session of the account
 * has ended, Firebase's account is deleted and a confirmation is in the
 * outbox; an outage says "try again", and trying again finishes the work.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { deleteAccount, type AccountDeletion } from "@/lib/account/delete-account";
import type { SignInProof } from "@/lib/account/sign-in-proof";
import type { AccountProfile } from "@/lib/auth/firebase-account";
import { StoreError } from "@/lib/data/contract/errors";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { captureLogLines } from "@/lib/log/sink";
import { defaultBill, emailOf, placeGuestOrder, product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "delete-account-"));
const NOW = Date.now();
const LAMP = product("lamp", 1);
const HOME = {
  name: "Ada Home",
  phone: "",
  country: "US",
  line1: "1 Home Street",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};

describe("deleting an account", () => {
  let store: Store;
  let seq = 0;
  let uid: string;
  let email: string;
  let profile: AccountProfile;
  let proof: SignInProof | null;
  let authDeleted: string[];
  let deletion: AccountDeletion;

  before(async () => {
    store = openSqliteStore(join(dir, "store.db"));
    await store.upsertProducts([LAMP]);
    await store.setStock("lamp", 1000, null);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    seq += 1;
    uid = `uid-del-${seq}`;
    email = `ada.${seq}@example.com`;
    profile = { name: "Ada", email, verified: true, hasPassword: true };
    proof = { uid, email, authTime: Math.floor(NOW / 1000) - 10, viaPassword: true };
    authDeleted = [];
    deletion = {
      user: async () => ({ uid }),
      proof: async (token) => (token === "fresh-token" ? proof : null),
      account: async () => profile,
      deleteAuthUser: async (id) => {
        authDeleted.push(id);
      },
      store: async () => store,
      afterSent: () => {},
      now: () => NOW,
    };
  });

  /** An order placed signed in as this account, with `contactEmail`. */
  async function placeOwn(contactEmail: string): Promise<Order> {
    const owner = `user:${uid}` as const;
    await store.addToLine(owner, "lamp", 1);
    const lines = [{ productId: "lamp", unitPriceCents: LAMP.priceCents, quantity: 1 }];
    const { order } = await store.placeOrder({
      owner,
      uid,
      guestTokenHash: null,
      idempotencyKey: `own-order-${uid}`.padEnd(16, "x"),
      paymentMethod: "pay_on_delivery",
      lines,
      ...defaultBill(lines),
      contact: { email: contactEmail, name: "Ada", phone: "555 0100" },
      address: { country: "US", line1: "1 Home Street", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
      confirmation: emailOf(contactEmail),
    });
    return order;
  }

  /** Everything the account holds: orders, a cart line, an address, a profile. */
  async function fillAccount() {
    const own = await placeOwn("a.gift@example.com");
    const guest = await placeGuestOrder(store, LAMP, { email, paymentMethod: "pay_on_delivery" });
    const stranger = await placeGuestOrder(store, LAMP, { email: `stranger.${seq}@example.com`, paymentMethod: "pay_on_delivery" });
    await store.addToLine(`user:${uid}`, "lamp", 2);
    await store.addAddress(uid, HOME, { makeDefault: false });
    await store.createUserIfMissing(uid, { displayName: "Ada", email });
    return { own, guest, stranger };
  }

  /** Whether this browser's session (signed in this second) has ended. */
  const sessionEnded = () => store.isSessionRevoked(`sid-${uid}`, { uid, signedInAt: Math.floor(NOW / 1000) * 1000 });

  test("deleted: the person leaves every order of theirs, the rest of the account is gone, sessions end, a confirmation is queued", async () => {
    const { own, guest, stranger } = await fillAccount();
    assert.deepEqual(await deleteAccount("fresh-token", deletion), { notice: "deleted" });
    for (const order of [own, guest]) {
      const erased = (await store.getOrder(order.id))!;
      assert.equal(erased.contact.email, "erased", `order ${order.reference}`);
      assert.equal(erased.totalCents, order.totalCents);
    }
    assert.equal((await store.getOrder(stranger.id))!.contact.email, stranger.contact.email);
    assert.deepEqual(await store.listCart(`user:${uid}`), []);
    assert.deepEqual(await store.listAddresses(uid), []);
    assert.equal(await store.getUser(uid), null);
    assert.equal(await sessionEnded(), true);
    assert.deepEqual(authDeleted, [uid]);
    const mails = (await store.claimDueEmails(NOW + 60_000, 100, 60_000)).filter((mail) => mail.to === email);
    assert.deepEqual(
      mails.map((mail) => [mail.subject, mail.orderId]),
      [["Your Storefront account is deleted", null]],
    );
    assert.match(mails[0].text, /removed from your 2 orders/);
  });

  test("an unverified address proves no mailbox: its guest orders are not the account's, and stay", async () => {
    profile = { ...profile, verified: false };
    const { own, guest } = await fillAccount();
    assert.deepEqual(await deleteAccount("fresh-token", deletion), { notice: "deleted" });
    assert.equal((await store.getOrder(own.id))!.contact.email, "erased");
    assert.equal((await store.getOrder(guest.id))!.contact.email, email);
  });

  test("without a fresh proof of this very account, by its password, nothing changes", async () => {
    await fillAccount();
    const cases: Array<[string, () => void]> = [
      ["no token", () => {}],
      ["a token Firebase refuses", () => {}],
      ["an old sign-in", () => (proof = { ...proof!, authTime: Math.floor(NOW / 1000) - 301 })],
      ["another account's sign-in", () => (proof = { ...proof!, uid: "someone-else" })],
      ["Google, for an account with a password", () => (proof = { ...proof!, viaPassword: false })],
    ];
    for (const [what, arrange] of cases) {
      arrange();
      const token = what === "no token" ? undefined : what === "a token Firebase refuses" ? "forged" : "fresh-token";
      assert.deepEqual(await deleteAccount(token, deletion), { notice: "staleProof" }, what);
    }
    assert.notEqual(await store.getUser(uid), null);
    assert.equal((await store.listAddresses(uid)).length, 1);
    assert.equal((await store.listCart(`user:${uid}`)).length, 1);
    assert.equal(await sessionEnded(), false);
    assert.deepEqual(authDeleted, []);
  });

  test("an account without a password is proven by a fresh Google sign-in", async () => {
    profile = { ...profile, hasPassword: false };
    proof = { ...proof!, viaPassword: false };
    assert.deepEqual(await deleteAccount("fresh-token", deletion), { notice: "deleted" });
    assert.deepEqual(authDeleted, [uid]);
  });

  test("signed out, or the account already gone, nothing changes", async () => {
    await fillAccount();
    assert.deepEqual(await deleteAccount("fresh-token", { ...deletion, user: async () => null }), { notice: "signedOut" });
    assert.deepEqual(await deleteAccount("fresh-token", { ...deletion, account: async () => null }), { notice: "signedOut" });
    assert.equal((await store.listAddresses(uid)).length, 1);
    assert.deepEqual(authDeleted, []);
  });

  test("an outage midway says try again, logged; trying again finishes, with the session still open until then", async () => {
    const { own } = await fillAccount();
    const down = () => Promise.reject(new StoreError("unavailable", "SQLite failed (disk I/O error)"));
    const logged = captureLogLines();
    try {
      const broken = { ...deletion, store: async () => ({ ...store, deleteAddressBook: down }) };
      assert.deepEqual(await deleteAccount("fresh-token", broken), { notice: "unavailable" });
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => line.kind),
      ["account.delete_unavailable"],
    );
    assert.equal((await store.getOrder(own.id))!.contact.email, "erased", "the steps before the outage are done");
    assert.equal(await sessionEnded(), false, "the session still works, so the shopper can try again");
    assert.deepEqual(authDeleted, []);
    assert.deepEqual(await deleteAccount("fresh-token", deletion), { notice: "deleted" });
    assert.deepEqual(await store.listAddresses(uid), []);
    assert.deepEqual(authDeleted, [uid]);
  });

  test("a confirmation that cannot be queued once the account is gone is logged, not a reason to try again", async () => {
    const logged = captureLogLines();
    try {
      const outboxDown = {
        ...deletion,
        store: async () => ({ ...store, queueEmail: () => Promise.reject(new StoreError("unavailable", "down")) }),
      };
      assert.deepEqual(await deleteAccount("fresh-token", outboxDown), { notice: "deleted" });
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => [line.level, line.kind]),
      [
        ["error", "account.deleted_confirmation_failed"],
        ["info", "account.deleted"],
      ],
    );
  });
});
