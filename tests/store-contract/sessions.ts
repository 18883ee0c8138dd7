import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import type { StoreFactory } from "./types";

const HOUR = 60 * 60 * 1000;

export function sessionContract(open: StoreFactory): void {
  describe("revoked sessions", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("a session nobody revoked is not revoked", async () => {
      assert.equal(await store.isSessionRevoked("3f1c2a9e-0b7d-4c55-9d1e-6a2b8c4d0e11"), false);
    });

    it("revokes exactly the session named, and says so until it expires", async () => {
      await store.revokeSession("signed-out-sid", Date.now() + HOUR);
      assert.equal(await store.isSessionRevoked("signed-out-sid"), true);
      assert.equal(await store.isSessionRevoked("other-sid"), false, "another session stays valid");
    });

    it("revoking twice is harmless and keeps the later expiry", async () => {
      await store.revokeSession("twice-sid", Date.now() + HOUR);
      // The second call names an already-passed expiry: the first, later one must win.
      await store.revokeSession("twice-sid", Date.now() - 1000);
      assert.equal(await store.isSessionRevoked("twice-sid"), true);
    });

    it("forgets a revocation once it has expired (the session it names cannot be presented any more)", async () => {
      await store.revokeSession("expired-sid", Date.now() - 1000);
      assert.equal(await store.isSessionRevoked("expired-sid"), false);
      // A later revocation (which also sweeps expired records in SQLite) leaves the live one alone.
      await store.revokeSession("live-sid", Date.now() + HOUR);
      assert.equal(await store.isSessionRevoked("live-sid"), true);
      assert.equal(await store.isSessionRevoked("expired-sid"), false);
    });

    it("refuses bad input with a clear error and writes nothing", async () => {
      const later = Date.now() + HOUR;
      for (const sid of ["", "bad/sid", "has space", "x".repeat(129), 42, null]) {
        await rejectsWith(store.revokeSession(sid as never, later), "invalid_input");
        if (typeof sid === "string" && sid !== "") {
          await rejectsWith(store.isSessionRevoked(sid), "invalid_input");
        }
      }
      const seconds = Math.floor(later / 1000);
      for (const expiresAt of [seconds, later + 0.5, Number.NaN, Date.now() + 400 * 24 * HOUR, "tomorrow"]) {
        await rejectsWith(store.revokeSession("not-written", expiresAt as never), "invalid_input");
      }
      assert.equal(await store.isSessionRevoked("not-written"), false);
    });

    it("many sign-outs at once are all recorded", async () => {
      const sids = Array.from({ length: 20 }, (_, i) => `parallel-${i}`);
      await Promise.all(sids.map((sid) => store.revokeSession(sid, Date.now() + HOUR)));
      const answers = await Promise.all(sids.map((sid) => store.isSessionRevoked(sid)));
      assert.deepEqual(
        answers,
        sids.map(() => true),
      );
    });
  });
}
