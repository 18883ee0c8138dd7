import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { ADDRESS_BOOK_MAX, type SavedAddressInput } from "@/lib/data/contract/address-book";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const HOME: SavedAddressInput = {
  name: "Ada Lovelace",
  phone: "+1 503 555 0100",
  country: "US",
  line1: "1 Main Street",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
};
const WORK: SavedAddressInput = { ...HOME, line1: "200 Market Street", line2: "Suite 4" };
const BERLIN: SavedAddressInput = { ...HOME, country: "DE", region: "", city: "Berlin", line1: "Unter den Linden 1", postalCode: "10117" };

export function addressBookContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("address book", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("is empty for an account that saved none", async () => {
      assert.deepEqual(await store.listAddresses("nobody123"), []);
    });

    it("makes the first address the default, lists the default first and then the newest, and keeps each account's apart", async () => {
      const home = await store.addAddress("ada", HOME, { makeDefault: false });
      assert.equal(home.isDefault, true);
      assert.deepEqual({ ...home, id: undefined, createdAt: undefined }, { ...HOME, id: undefined, createdAt: undefined, isDefault: true });
      const work = await store.addAddress("ada", WORK, { makeDefault: false });
      const berlin = await store.addAddress("ada", BERLIN, { makeDefault: false });
      assert.equal(work.isDefault, false);
      assert.deepEqual(
        (await store.listAddresses("ada")).map((a) => [a.id, a.isDefault]),
        [
          [home.id, true],
          [berlin.id, false],
          [work.id, false],
        ],
      );
      assert.deepEqual(await store.listAddresses("grace"), []);
    });

    it("moves the default when asked, on add, on edit and on its own", async () => {
      const home = await store.addAddress("ada", HOME, { makeDefault: false });
      const work = await store.addAddress("ada", WORK, { makeDefault: true });
      assert.deepEqual(
        (await store.listAddresses("ada")).map((a) => [a.id, a.isDefault]),
        [
          [work.id, true],
          [home.id, false],
        ],
      );
      await store.setDefaultAddress("ada", home.id);
      assert.equal((await store.listAddresses("ada"))[0].id, home.id);
      const edited = await store.updateAddress("ada", work.id, { ...WORK, line2: "Suite 5" }, { makeDefault: true });
      assert.equal(edited.isDefault, true);
      assert.equal(edited.line2, "Suite 5");
      assert.equal(edited.createdAt, work.createdAt);
      assert.deepEqual(
        (await store.listAddresses("ada")).map((a) => [a.id, a.isDefault, a.line2]),
        [
          [work.id, true, "Suite 5"],
          [home.id, false, ""],
        ],
      );
    });

    it("keeps the default on an edit that does not ask to move it", async () => {
      const home = await store.addAddress("ada", HOME, { makeDefault: false });
      const work = await store.addAddress("ada", WORK, { makeDefault: false });
      const edited = await store.updateAddress("ada", work.id, { ...WORK, city: "Salem" }, { makeDefault: false });
      assert.equal(edited.isDefault, false);
      assert.equal((await store.listAddresses("ada"))[0].id, home.id);
    });

    it("deleting the default makes the newest left the default; deleting the last empties the book", async () => {
      const home = await store.addAddress("ada", HOME, { makeDefault: false });
      const work = await store.addAddress("ada", WORK, { makeDefault: false });
      const berlin = await store.addAddress("ada", BERLIN, { makeDefault: false });
      await store.deleteAddress("ada", home.id);
      assert.deepEqual(
        (await store.listAddresses("ada")).map((a) => [a.id, a.isDefault]),
        [
          [berlin.id, true],
          [work.id, false],
        ],
      );
      await store.deleteAddress("ada", work.id);
      await store.deleteAddress("ada", berlin.id);
      assert.deepEqual(await store.listAddresses("ada"), []);
      const again = await store.addAddress("ada", HOME, { makeDefault: false });
      assert.equal(again.isDefault, true);
    });

    it("does not add an address it already holds: that one is answered, made the default when asked", async () => {
      const home = await store.addAddress("ada", HOME, { makeDefault: false });
      const work = await store.addAddress("ada", WORK, { makeDefault: false });
      const again = await store.addAddress("ada", { ...HOME }, { makeDefault: false });
      assert.equal(again.id, home.id);
      const workAgain = await store.addAddress("ada", WORK, { makeDefault: true });
      assert.equal(workAgain.id, work.id);
      assert.equal(workAgain.isDefault, true);
      assert.deepEqual(
        (await store.listAddresses("ada")).map((a) => a.id),
        [work.id, home.id],
      );
    });

    it("deletes a whole book, and deleting one that is gone changes nothing", async () => {
      await store.addAddress("ada", HOME, { makeDefault: false });
      await store.addAddress("grace", WORK, { makeDefault: false });
      await store.deleteAddressBook("ada");
      assert.deepEqual(await store.listAddresses("ada"), []);
      await store.deleteAddressBook("ada");
      assert.equal((await store.listAddresses("grace")).length, 1);
    });

    it("answers not_found for an address the book does not hold, and changes nothing", async () => {
      const home = await store.addAddress("ada", HOME, { makeDefault: false });
      await rejectsWith(store.updateAddress("ada", "noSuchAddress", WORK, { makeDefault: false }), "not_found");
      await rejectsWith(store.deleteAddress("ada", "noSuchAddress"), "not_found");
      await rejectsWith(store.setDefaultAddress("ada", "noSuchAddress"), "not_found");
      // Another account's address is not this one's.
      await rejectsWith(store.deleteAddress("grace", home.id), "not_found");
      await rejectsWith(store.updateAddress("grace", home.id, WORK, { makeDefault: true }), "not_found");
      assert.deepEqual(await store.listAddresses("ada"), [home]);
      assert.deepEqual(await store.listAddresses("grace"), []);
    });

    it(`holds at most ${ADDRESS_BOOK_MAX} addresses`, async () => {
      for (let i = 0; i < ADDRESS_BOOK_MAX; i += 1)
        await store.addAddress("ada", { ...HOME, line1: `${i} Main Street` }, { makeDefault: false });
      await rejectsWith(store.addAddress("ada", WORK, { makeDefault: true }), "limit_exceeded");
      const book = await store.listAddresses("ada");
      assert.equal(book.length, ADDRESS_BOOK_MAX);
      assert.equal(book[0].line1, "0 Main Street");
    });

    it("refuses a bad address or id with invalid_input and writes nothing", async () => {
      await rejectsWith(store.addAddress("ada", { ...HOME, name: " " }, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("ada", { ...HOME, region: "" }, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("ada", { ...HOME, postalCode: "" }, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("ada", { ...HOME, country: "USA" }, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("ada", { ...HOME, line1: "x".repeat(101) }, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("ada", { ...HOME, phone: "call me" }, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("ada", { ...HOME, isDefault: true } as never, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("bad/uid", HOME, { makeDefault: false }), "invalid_input");
      await rejectsWith(store.addAddress("ada", HOME, {} as never), "invalid_input");
      await rejectsWith(store.deleteAddress("ada", "bad/id"), "invalid_input");
      assert.deepEqual(await store.listAddresses("ada"), []);
    });

    it("keeps both edits of two instances that add to one book at once", async () => {
      const second = await openSecond(store);
      try {
        const adds = await Promise.all([
          store.addAddress("ada", HOME, { makeDefault: false }),
          second.addAddress("ada", WORK, { makeDefault: false }),
        ]);
        const book = await second.listAddresses("ada");
        assert.deepEqual(new Set(book.map((a) => a.id)), new Set(adds.map((a) => a.id)));
        assert.equal(book.filter((a) => a.isDefault).length, 1);
      } finally {
        await second.close();
      }
    });
  });
}
