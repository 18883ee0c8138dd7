/**
 * A signed-in shopper's address book as the shop changes it (issue 43 item
 * 4), against a real SQLite store with the session as a stand-in function
 * (the e2e spec address-book.spec.ts runs the pages on both backends): the
 * account page's forms (lib/addresses/address-book.ts), what the checkout
 * starts from (lib/orders/returning-shopper.ts) and its "save this address"
 * (lib/orders/save-checkout-address.ts). A bad field or a signed-out visitor
 * changes nothing; an outage says "try again" and is logged; the order stands
 * whatever the book answers.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { deleteAddressFromForm, makeDefaultFromForm, saveAddressFromForm, type AddressBookChange } from "@/lib/addresses/address-book";
import { ADDRESS_BOOK_MESSAGES } from "@/lib/addresses/address-book-notices";
import { EMPTY_ADDRESS_VALUES, initialAddressFormState, type AddressFormValues } from "@/lib/addresses/address-form-fields";
import { ADDRESS_BOOK_MAX } from "@/lib/data/contract/address-book";
import { StoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { captureLogLines } from "@/lib/log/sink";
import { returningShopper } from "@/lib/orders/returning-shopper";
import { saveCheckoutAddress } from "@/lib/orders/save-checkout-address";

const dir = mkdtempSync(join(tmpdir(), "address-book-"));
const HOME: AddressFormValues = {
  name: "Ada Home",
  phone: "+1 503 555 0100",
  country: "us",
  line1: " 1 Home Street ",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
};
const START = initialAddressFormState(EMPTY_ADDRESS_VALUES, false);
const USER = { uid: "uid-ada", name: "Ada Account", email: "ada@example.com" };

function formOf(values: Partial<Record<string, string>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.set(name, value);
  return form;
}

const unavailable = () => new StoreError("unavailable", "Firestore did not answer within 10 s");

describe("the address book's forms", () => {
  let store: Store;
  let change: AddressBookChange;
  let uid: string;
  let seq = 0;

  before(() => {
    store = openSqliteStore(join(dir, "forms.db"));
  });
  beforeEach(() => {
    uid = `uid-${(seq += 1)}`;
    change = { user: async () => ({ uid }), store: async () => store };
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("adds the address posted, trimmed and its country upper-cased; the first is the default", async () => {
    assert.deepEqual(await saveAddressFromForm(formOf(HOME), START, change), { done: "added" });
    const [saved] = await store.listAddresses(uid);
    assert.equal(saved.line1, "1 Home Street");
    assert.equal(saved.country, "US");
    assert.equal(saved.isDefault, true);
  });

  test("a bad field comes back beside it, as typed, and nothing is written", async () => {
    const outcome = await saveAddressFromForm(formOf({ ...HOME, postalCode: "", region: "Oregon" }), START, change);
    assert.ok("state" in outcome);
    assert.deepEqual(outcome.state.errors, { region: "Choose your state.", postalCode: "Enter the postal code." });
    assert.equal(outcome.state.values.line1, "1 Home Street");
    assert.equal(outcome.state.attempt, 1);
    assert.equal(outcome.state.problem, null);
    assert.deepEqual(await store.listAddresses(uid), []);
  });

  test("edits the address its hidden id names and moves the default when ticked", async () => {
    await saveAddressFromForm(formOf(HOME), START, change);
    await saveAddressFromForm(formOf({ ...HOME, line1: "200 Work Avenue" }), START, change);
    const work = (await store.listAddresses(uid)).find((entry) => entry.line1 === "200 Work Avenue")!;
    const outcome = await saveAddressFromForm(
      formOf({ ...HOME, line1: "201 Work Avenue", addressId: work.id, makeDefault: "on" }),
      START,
      change,
    );
    assert.deepEqual(outcome, { done: "saved" });
    const [first] = await store.listAddresses(uid);
    assert.deepEqual([first.id, first.line1, first.isDefault], [work.id, "201 Work Avenue", true]);
  });

  test("an address gone (another tab deleted it), or an id tampered with, says so and writes nothing", async () => {
    assert.deepEqual(await saveAddressFromForm(formOf({ ...HOME, addressId: "goneAddress" }), START, change), { done: "notFound" });
    assert.deepEqual(await saveAddressFromForm(formOf({ ...HOME, addressId: "../x" }), START, change), { done: "notFound" });
    assert.equal(await deleteAddressFromForm(formOf({ addressId: "goneAddress" }), change), "notFound");
    assert.equal(await makeDefaultFromForm(formOf({}), change), "notFound");
    assert.deepEqual(await store.listAddresses(uid), []);
  });

  test(`a full book (${ADDRESS_BOOK_MAX}) says so`, async () => {
    for (let i = 0; i < ADDRESS_BOOK_MAX; i += 1)
      await store.addAddress(uid, { ...HOME, country: "US", line1: `${i} Main Street` }, { makeDefault: false });
    assert.deepEqual(await saveAddressFromForm(formOf(HOME), START, change), { done: "full" });
    assert.equal((await store.listAddresses(uid)).length, ADDRESS_BOOK_MAX);
  });

  test("deletes, and makes another the default", async () => {
    await saveAddressFromForm(formOf(HOME), START, change);
    await saveAddressFromForm(formOf({ ...HOME, line1: "200 Work Avenue" }), START, change);
    const [home, work] = await store.listAddresses(uid);
    assert.equal(await makeDefaultFromForm(formOf({ addressId: work.id }), change), "defaultSet");
    assert.equal(await deleteAddressFromForm(formOf({ addressId: work.id }), change), "deleted");
    assert.deepEqual(
      (await store.listAddresses(uid)).map((entry) => [entry.id, entry.isDefault]),
      [[home.id, true]],
    );
  });

  test("signed out, nothing is written; the form keeps what was typed and says why", async () => {
    const signedOut: AddressBookChange = { ...change, user: async () => null };
    const outcome = await saveAddressFromForm(formOf(HOME), START, signedOut);
    assert.ok("state" in outcome);
    assert.equal(outcome.state.problem, ADDRESS_BOOK_MESSAGES.signedOut);
    assert.equal(outcome.state.values.line1, "1 Home Street");
    assert.equal(await deleteAddressFromForm(formOf({ addressId: "x" }), signedOut), "signedOut");
    assert.deepEqual(await store.listAddresses(uid), []);
  });

  test("an outage says try again, keeps the form and is logged", async () => {
    const down: AddressBookChange = {
      ...change,
      store: async () => ({
        ...store,
        addAddress: () => Promise.reject(unavailable()),
        deleteAddress: () => Promise.reject(unavailable()),
      }),
    };
    const logged = captureLogLines();
    try {
      const outcome = await saveAddressFromForm(formOf(HOME), START, down);
      assert.ok("state" in outcome);
      assert.equal(outcome.state.problem, ADDRESS_BOOK_MESSAGES.unavailable);
      assert.equal(await deleteAddressFromForm(formOf({ addressId: "x" }), down), "unavailable");
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => line.kind),
      ["account.address_book_unavailable", "account.address_book_unavailable"],
    );
  });

  test("a fault that is not an outage is a bug: thrown, not hidden", async () => {
    const broken: AddressBookChange = {
      ...change,
      store: async () => ({ ...store, addAddress: () => Promise.reject(new TypeError("bug")) }),
    };
    await assert.rejects(saveAddressFromForm(formOf(HOME), START, broken), TypeError);
  });
});

describe("the checkout and the address book", () => {
  let folder: string;
  let store: Store;

  before(() => {
    folder = mkdtempSync(join(tmpdir(), "address-checkout-"));
    store = openSqliteStore(join(folder, "store.db"));
  });
  after(() => {
    store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test("with no saved address, the fields start from the account's name and email (no order yet)", async () => {
    assert.deepEqual(await returningShopper(store, { ...USER, uid: "uid-empty" }, null), {
      values: { name: USER.name, email: USER.email },
      choices: [],
      chosenId: null,
    });
  });

  test("the default address fills the fields; another saved one when chosen; an unknown choice falls to the default", async () => {
    const home = await store.addAddress(USER.uid, { ...HOME, country: "US", line1: "1 Home Street" }, { makeDefault: false });
    const work = await store.addAddress(
      USER.uid,
      { ...HOME, country: "US", name: "Ada Work", line1: "200 Work Avenue", phone: "" },
      { makeDefault: false },
    );
    const start = await returningShopper(store, USER, null);
    assert.equal(start.chosenId, home.id);
    assert.deepEqual(start.values, {
      email: USER.email,
      name: "Ada Home",
      phone: HOME.phone,
      country: "US",
      line1: "1 Home Street",
      line2: "",
      city: "Portland",
      region: "OR",
      postalCode: "97201",
    });
    assert.deepEqual(
      start.choices.map((choice) => choice.label),
      ["Ada Home, 1 Home Street, Portland, OR, 97201, US", "Ada Work, 200 Work Avenue, Portland, OR, 97201, US"],
    );
    const chosen = await returningShopper(store, USER, work.id);
    assert.deepEqual([chosen.chosenId, chosen.values.name, chosen.values.phone], [work.id, "Ada Work", ""]);
    assert.equal((await returningShopper(store, USER, "someoneElses")).chosenId, home.id);
  });

  test("a book that cannot be read leaves the address to be typed, logged", async () => {
    const logged = captureLogLines();
    try {
      const shopper = await returningShopper(
        { ...store, listAddresses: () => Promise.reject(unavailable()) },
        { ...USER, uid: "uid-down" },
        null,
      );
      assert.deepEqual(shopper.choices, []);
      assert.deepEqual(shopper.values, { name: USER.name, email: USER.email });
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => line.kind),
      ["orders.address_book_read_failed"],
    );
  });

  test("saving from the checkout adds the order's recipient and address once; a full book or an outage leaves it and is logged", async () => {
    const uid = "uid-saver";
    const contact = { email: "ada@example.com", name: "Ada Cabin", phone: "" };
    const address = { country: "US", line1: "9 Lake Road", line2: "", city: "Salem", region: "OR", postalCode: "97301" };
    await saveCheckoutAddress(store, uid, contact, address);
    await saveCheckoutAddress(store, uid, contact, address);
    assert.deepEqual(
      (await store.listAddresses(uid)).map((entry) => [entry.name, entry.line1, entry.isDefault]),
      [["Ada Cabin", "9 Lake Road", true]],
    );
    const logged = captureLogLines();
    try {
      await saveCheckoutAddress({ addAddress: () => Promise.reject(new StoreError("limit_exceeded", "full")) }, uid, contact, address);
      await saveCheckoutAddress({ addAddress: () => Promise.reject(unavailable()) }, uid, contact, address);
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => [line.level, line.kind]),
      [
        ["info", "orders.checkout_address_not_saved"],
        ["warn", "orders.checkout_address_not_saved"],
      ],
    );
  });
});
