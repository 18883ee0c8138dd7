import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isAdmin } from "@/lib/auth/is-admin";

const ADMINS = ["admin@storefront.local", "ops@shop.example.com"];

describe("isAdmin", () => {
  it("accepts the custom claim admin: true, whatever the email", () => {
    assert.equal(isAdmin({ email: "someone@example.com", emailVerified: false, adminClaim: true }, ADMINS, false), true);
    assert.equal(isAdmin({ email: undefined, emailVerified: false, adminClaim: true }, [], false), true);
  });

  it("takes only the boolean true as the claim", () => {
    for (const claim of ["true", 1, {}, [], null, undefined, false]) {
      assert.equal(isAdmin({ email: "x@example.com", emailVerified: true, adminClaim: claim }, ADMINS, false), false, String(claim));
    }
  });

  it("accepts a verified email from ADMIN_EMAILS, case and spaces aside", () => {
    assert.equal(isAdmin({ email: "ops@shop.example.com", emailVerified: true, adminClaim: undefined }, ADMINS, false), true);
    assert.equal(isAdmin({ email: "  OPS@Shop.Example.com ", emailVerified: true, adminClaim: undefined }, ADMINS, false), true);
  });

  it("refuses an unverified admin email outside the emulator (anyone could register it first)", () => {
    assert.equal(isAdmin({ email: "ops@shop.example.com", emailVerified: false, adminClaim: undefined }, ADMINS, false), false);
  });

  it("accepts an unverified admin email on the emulator, where nobody can verify one", () => {
    assert.equal(isAdmin({ email: "admin@storefront.local", emailVerified: false, adminClaim: undefined }, ADMINS, true), true);
  });

  it("refuses other emails, near misses and missing emails", () => {
    for (const email of ["shopper@example.com", "admin@storefront.local.evil.com", "xadmin@storefront.local", "", undefined]) {
      assert.equal(isAdmin({ email, emailVerified: true, adminClaim: undefined }, ADMINS, true), false, String(email));
    }
  });

  it("refuses everyone but claim holders when ADMIN_EMAILS is empty", () => {
    assert.equal(isAdmin({ email: "admin@storefront.local", emailVerified: true, adminClaim: undefined }, [], true), false);
  });
});
