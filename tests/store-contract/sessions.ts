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

    it("an account's cut-off ends its sessions signed in before it, not those signed in after, nor other accounts'", async () => {
      const cutoff = Date.now() - 60_000;
      const before = { uid: "resetUid", signedInAt: cutoff - 1000 };
      const after = { uid: "resetUid", signedInAt: cutoff };
      assert.equal(await store.isSessionRevoked("old-browser", before), false, "no cut-off yet");
      await store.endAccountSessions("resetUid", cutoff, Date.now() + HOUR);
      assert.equal(await store.isSessionRevoked("old-browser", before), true);
      assert.equal(await store.isSessionRevoked("new-browser", after), false, "signed in at the cut-off: kept");
      assert.equal(await store.isSessionRevoked("other-account", { uid: "otherUid", signedInAt: cutoff - 1000 }), false);
      assert.equal(await store.isSessionRevoked("old-browser"), false, "without its owner only the sid is asked");
    });

    it("ending an account's sessions again keeps the later cut-off, and a cut-off past its expiry ends nothing", async () => {
      const now = Date.now();
      await store.endAccountSessions("twiceUid", now - 10_000, now + HOUR);
      await store.endAccountSessions("twiceUid", now - 50_000, now - 1000);
      assert.equal(
        await store.isSessionRevoked("s", { uid: "twiceUid", signedInAt: now - 20_000 }),
        true,
        "the later cut-off and expiry win",
      );
      await store.endAccountSessions("expiredUid", now - 10_000, now - 1000);
      assert.equal(await store.isSessionRevoked("s", { uid: "expiredUid", signedInAt: now - 20_000 }), false);
    });

    it("refuses a bad account cut-off or owner with a clear error and writes nothing", async () => {
      const now = Date.now();
      const later = now + HOUR;
      for (const uid of ["", "bad/uid", 42, null]) await rejectsWith(store.endAccountSessions(uid as never, now, later), "invalid_input");
      // Seconds for milliseconds (a JWT's clock), a time a week ahead, not a number.
      for (const before of [Math.floor(now / 1000), now + 7 * 24 * HOUR, Number.NaN, "now"]) {
        await rejectsWith(store.endAccountSessions("badInputUid", before as never, later), "invalid_input");
      }
      await rejectsWith(store.endAccountSessions("badInputUid", now, Math.floor(later / 1000)), "invalid_input");
      for (const owner of [{ uid: "badInputUid", signedInAt: Math.floor(now / 1000) }, { uid: "", signedInAt: now }, { signedInAt: now }]) {
        await rejectsWith(store.isSessionRevoked("valid-sid", owner as never), "invalid_input");
      }
      assert.equal(
        await store.isSessionRevoked("valid-sid", { uid: "badInputUid", signedInAt: 1_600_000_000_000 }),
        false,
        "nothing written",
      );
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
