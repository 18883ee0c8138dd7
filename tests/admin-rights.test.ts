import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { rememberedRights, rightsOfRecord } from "@/lib/auth/admin-rights";
import { captureLogLines } from "@/lib/log/sink";

// The rule and the per-process memory behind lib/auth/admin-rights.ts; the
// Firebase lookup itself runs against the Auth emulator in
// tests/e2e/admin-rights.spec.ts.
const record = (extra: Partial<Parameters<typeof rightsOfRecord>[0]> = {}) => ({
  email: "ann@example.com",
  emailVerified: true,
  customClaims: {},
  disabled: false,
  ...extra,
});

describe("rightsOfRecord: what the account says now", () => {
  it("the admin claim, or a verified address in ADMIN_EMAILS, is an admin", () => {
    assert.equal(rightsOfRecord(record({ customClaims: { admin: true } }), [], false), "admin");
    assert.equal(rightsOfRecord(record(), ["ann@example.com"], false), "admin");
  });

  it("neither, or an unverified listed address outside the emulator, is not", () => {
    assert.equal(rightsOfRecord(record(), [], false), "not_admin");
    assert.equal(rightsOfRecord(record({ customClaims: { admin: "yes" } }), [], false), "not_admin");
    assert.equal(rightsOfRecord(record({ emailVerified: false }), ["ann@example.com"], false), "not_admin");
    assert.equal(rightsOfRecord(record({ emailVerified: false }), ["ann@example.com"], true), "admin");
  });

  it("a disabled account is never an admin, claim or list", () => {
    assert.equal(rightsOfRecord(record({ disabled: true, customClaims: { admin: true } }), ["ann@example.com"], false), "not_admin");
  });
});

describe("rememberedRights: one lookup per uid per TTL", () => {
  it("answers from memory within the TTL and asks again after it", async () => {
    let clock = 1_000;
    const answers = ["admin", "not_admin"] as const;
    let calls = 0;
    const rightsOf = rememberedRights(
      async () => answers[calls++],
      300_000,
      () => clock,
    );
    assert.equal(await rightsOf("u1"), "admin");
    clock += 299_000;
    assert.equal(await rightsOf("u1"), "admin", "still within the TTL");
    assert.equal(calls, 1);
    clock += 2_000;
    assert.equal(await rightsOf("u1"), "not_admin", "the TTL passed: Firebase asked again");
    assert.equal(calls, 2);
  });

  it("keeps each uid apart", async () => {
    const rightsOf = rememberedRights(async (uid) => (uid === "boss" ? "admin" : "not_admin"), 60_000);
    assert.deepEqual([await rightsOf("boss"), await rightsOf("clerk")], ["admin", "not_admin"]);
  });

  it("a failed lookup is 'unavailable' and is not remembered: the next read asks again", async () => {
    const logged = captureLogLines();
    let fail = true;
    const rightsOf = rememberedRights(async () => {
      if (fail) throw new Error("auth/internal-error");
      return "admin";
    }, 60_000);
    try {
      assert.equal(await rightsOf("u1"), "unavailable");
      fail = false;
      assert.equal(await rightsOf("u1"), "admin");
    } finally {
      logged.restore();
    }
    assert.deepEqual(
      logged.lines.map((line) => line.kind),
      ["auth.admin_rights_check_failed"],
    );
  });
});
