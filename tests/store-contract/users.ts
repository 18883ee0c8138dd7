import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import type { StoreFactory } from "./types";

export function userContract(open: StoreFactory): void {
  describe("users", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("returns null for an unknown user", async () => {
      assert.equal(await store.getUser("nobody123"), null);
    });

    it("creates a profile once and never overwrites it", async () => {
      const first = await store.createUserIfMissing("uid123", { displayName: "Ada", email: "ada@example.com" });
      assert.equal(first.created, true);
      assert.equal(first.user.displayName, "Ada");
      assert.ok(first.user.createdAt > 0);
      const again = await store.createUserIfMissing("uid123", { displayName: "Mallory", email: "m@example.com" });
      assert.equal(again.created, false);
      assert.equal(again.user.displayName, "Ada");
      assert.equal(again.user.email, "ada@example.com");
      assert.deepEqual(await store.getUser("uid123"), first.user);
    });

    it("creates exactly one profile under parallel first sign-ins", async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.createUserIfMissing("raceUid", { displayName: `Tab ${i}`, email: "race@example.com" })),
      );
      assert.equal(results.filter((r) => r.created).length, 1);
      const names = new Set(results.map((r) => r.user.displayName));
      assert.equal(names.size, 1, "every caller sees the same stored profile");
    });

    it("updates a profile's name and email, keeping when it was made; creates one that is missing", async () => {
      const { user: made } = await store.createUserIfMissing("uid456", { displayName: "Ada", email: "ada@example.com" });
      const renamed = await store.updateUserProfile("uid456", { displayName: "Ada Lovelace", email: "ada@example.org" });
      assert.deepEqual(renamed, { ...made, displayName: "Ada Lovelace", email: "ada@example.org" });
      assert.deepEqual(await store.getUser("uid456"), renamed);
      const fresh = await store.updateUserProfile("uid789", { displayName: "Grace", email: "grace@example.com" });
      assert.equal(fresh.displayName, "Grace");
      assert.ok(fresh.createdAt > 0);
      assert.deepEqual(await store.getUser("uid789"), fresh);
    });

    it("deletes a profile, and deleting one that is gone changes nothing", async () => {
      await store.createUserIfMissing("uidGone", { displayName: "Gone", email: "gone@example.com" });
      await store.deleteUser("uidGone");
      assert.equal(await store.getUser("uidGone"), null);
      await store.deleteUser("uidGone");
      await rejectsWith(store.deleteUser("bad/uid"), "invalid_input");
    });

    it("refuses bad profiles and writes nothing", async () => {
      await rejectsWith(store.createUserIfMissing("u1", { displayName: "", email: "a@example.com" }), "invalid_input");
      await rejectsWith(store.createUserIfMissing("u1", { displayName: "Ann", email: "not-an-email" }), "invalid_input");
      await rejectsWith(store.createUserIfMissing("bad/uid", { displayName: "Ann", email: "a@example.com" }), "invalid_input");
      await rejectsWith(
        store.createUserIfMissing("u1", { displayName: "Ann", email: "a@example.com", role: "admin" } as never),
        "invalid_input",
      );
      assert.equal(await store.getUser("u1"), null);
      await store.createUserIfMissing("u2", { displayName: "Ann", email: "a@example.com" });
      await rejectsWith(store.updateUserProfile("u2", { displayName: " ", email: "a@example.com" }), "invalid_input");
      await rejectsWith(store.updateUserProfile("u2", { displayName: "A\nB", email: "a@example.com" }), "invalid_input");
      await rejectsWith(store.updateUserProfile("u2", { displayName: "x".repeat(81), email: "a@example.com" }), "invalid_input");
      await rejectsWith(store.updateUserProfile("u3", { displayName: "Ann", email: "nope" }), "invalid_input");
      assert.equal((await store.getUser("u2"))?.displayName, "Ann");
      assert.equal(await store.getUser("u3"), null);
    });
  });
}
