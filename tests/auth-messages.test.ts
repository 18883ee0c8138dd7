import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  MESSAGES,
  authErrorCode,
  passwordSettingFailure,
  popupErrorMessage,
  safeCallbackPath,
  signInErrorMessage,
  signUpErrorMessage,
} from "@/lib/auth/auth-messages";
import { isSameOrigin } from "@/lib/security/same-origin";

const fail = (code: string) => Object.assign(new Error(code), { code });

describe("the spec's texts", () => {
  it("are kept word for word", () => {
    assert.equal(MESSAGES.passwordMismatch, "Password does not match");
    assert.equal(MESSAGES.registered, "Registration Successful. Login...");
    assert.equal(MESSAGES.signInFailed, "Password or Email does not exist!");
    assert.equal(MESSAGES.notAdmin, "Not an admin");
  });
});

describe("authErrorCode", () => {
  it("reads a Firebase error's code, and '' for anything else", () => {
    assert.equal(authErrorCode(fail("auth/invalid-email")), "auth/invalid-email");
    for (const value of [null, undefined, "auth/x", 42, new Error("plain"), { code: 7 }]) assert.equal(authErrorCode(value), "");
  });
});

describe("passwordSettingFailure", () => {
  it("names the failures sign-up and a reset share, and leaves every other to the form", () => {
    assert.equal(passwordSettingFailure(fail("auth/network-request-failed")), MESSAGES.network);
    assert.equal(passwordSettingFailure(fail("auth/too-many-requests")), MESSAGES.tooManyRequests);
    assert.equal(passwordSettingFailure(fail("auth/weak-password")), MESSAGES.passwordTooShort);
    assert.equal(passwordSettingFailure(fail("auth/password-does-not-meet-requirements")), MESSAGES.passwordTooShort);
    for (const code of ["auth/email-already-in-use", "auth/expired-action-code", "auth/something-new"]) {
      assert.equal(passwordSettingFailure(fail(code)), undefined);
    }
    assert.equal(passwordSettingFailure(new Error("boom")), undefined);
  });

  it("is never a sign-in's words for a password rule: those would tell that the password was right", () => {
    assert.equal(signInErrorMessage(fail("auth/password-does-not-meet-requirements")), MESSAGES.signInFailed);
  });
});

describe("signUpErrorMessage", () => {
  it("says in plain words why an account could not be created", () => {
    assert.equal(signUpErrorMessage(fail("auth/email-already-in-use")), "This email is already registered. Sign in instead.");
    assert.equal(signUpErrorMessage(fail("auth/weak-password")), "Password must be at least 6 characters.");
    assert.equal(signUpErrorMessage(fail("auth/invalid-email")), MESSAGES.invalidEmail);
    assert.equal(signUpErrorMessage(fail("auth/network-request-failed")), MESSAGES.network);
    assert.equal(signUpErrorMessage(fail("auth/something-new")), MESSAGES.signUpFailed);
    assert.equal(signUpErrorMessage(new Error("boom")), MESSAGES.signUpFailed);
  });
});

describe("signInErrorMessage", () => {
  it("gives wrong email and wrong password the same words", () => {
    for (const code of [
      "auth/invalid-credential",
      "auth/wrong-password",
      "auth/user-not-found",
      "auth/invalid-email",
      "auth/user-disabled",
    ]) {
      assert.equal(signInErrorMessage(fail(code)), "Password or Email does not exist!", code);
    }
  });

  it("tells a network failure or throttling apart (the password was not the problem)", () => {
    assert.equal(signInErrorMessage(fail("auth/network-request-failed")), MESSAGES.network);
    assert.equal(signInErrorMessage(fail("auth/too-many-requests")), MESSAGES.tooManyRequests);
  });
});

describe("popupErrorMessage", () => {
  it("stays quiet when the user closed the popup", () => {
    assert.equal(popupErrorMessage(fail("auth/popup-closed-by-user")), "");
    assert.equal(popupErrorMessage(fail("auth/cancelled-popup-request")), "");
  });

  it("explains a blocked popup and other failures", () => {
    assert.equal(popupErrorMessage(fail("auth/popup-blocked")), MESSAGES.popupBlocked);
    assert.equal(popupErrorMessage(fail("auth/internal-error")), MESSAGES.popupFailed);
  });
});

describe("safeCallbackPath", () => {
  const origin = "https://shop.example.com";

  it("keeps a path on this site, with its query and hash", () => {
    assert.equal(safeCallbackPath("/electronics", origin), "/electronics");
    assert.equal(safeCallbackPath("/search?q=usb#top", origin), "/search?q=usb#top");
    assert.equal(safeCallbackPath("https://shop.example.com/cart-page", origin), "/cart-page");
    assert.equal(safeCallbackPath("/details-page/lamp%20one?x=%2F%2F", origin), "/details-page/lamp%20one?x=%2F%2F");
  });

  it("falls back to / for anything else", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "http://shop.example.com/",
      "https://shop.example.com.evil.example/",
      "/\nhttps://evil",
      "/sign-page",
      "/admin-signin?x=1",
      "/api/auth/signout",
      // This site's own origin, then a path a browser reads as another host once the origin is cut off.
      "https://shop.example.com//evil.example/",
      "https://shop.example.com/%2F%2Fevil.example/",
      "https://shop.example.com/%2f%5cevil.example/",
      "https://shop.example.com/\\evil.example/",
      "https://shop.example.com/\t/evil.example/",
      "/%2F%2Fevil.example/",
      "/%5C%5Cevil.example/",
      "%2F%2Fevil.example/",
      "/\t/evil.example/",
      "\t//evil.example/",
      "/\r\n/evil.example/",
      "\\/evil.example/",
      "https://user@shop.example.com/",
    ]) {
      assert.equal(safeCallbackPath(raw, origin), "/", String(raw));
    }
  });

  it("reads a relative path against this site", () => {
    assert.equal(safeCallbackPath("electronics", origin), "/electronics");
  });
});

describe("isSameOrigin", () => {
  it("accepts an Origin naming the host the request came to", () => {
    assert.equal(isSameOrigin("http://localhost:3000", "localhost:3000"), true);
    assert.equal(isSameOrigin("https://shop.example.com", "SHOP.example.com"), true);
  });

  it("prefers the forwarded host behind a proxy", () => {
    assert.equal(isSameOrigin("https://shop.example.com", "internal:8080", "shop.example.com"), true);
    assert.equal(isSameOrigin("https://internal:8080", "internal:8080", "shop.example.com"), false);
  });

  it("refuses other origins, a missing or opaque Origin, and odd schemes", () => {
    assert.equal(isSameOrigin("https://evil.example", "shop.example.com"), false);
    assert.equal(isSameOrigin("http://localhost:3001", "localhost:3000"), false);
    assert.equal(isSameOrigin(null, "shop.example.com"), false);
    assert.equal(isSameOrigin("null", "shop.example.com"), false);
    assert.equal(isSameOrigin("file://shop.example.com", "shop.example.com"), false);
    assert.equal(isSameOrigin("https://shop.example.com", null), false);
    assert.equal(isSameOrigin("not a url", "shop.example.com"), false);
  });
});
