import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cookieFromHeader, guestCartCookie, secureCookies, sessionCookie } from "@/lib/cookies";
import { parseEnv, siteUrl } from "@/lib/env";

// Both cookies follow one https rule (lib/security/https.ts): on Vercel
// always, else the site URL's scheme. Each case is a whole environment, as
// lib/env.ts parses it, so the rule is checked on what the server really reads.
const CASES = [
  { name: "an https SITE_URL", env: { SITE_URL: "https://shop.example.com" }, https: true },
  { name: "an https NEXTAUTH_URL only", env: { NEXTAUTH_URL: "https://shop.example.com" }, https: true },
  { name: "an http site URL", env: { SITE_URL: "http://localhost:3000", NEXTAUTH_URL: "http://localhost:3000" }, https: false },
  { name: "no URL at all (local default)", env: {}, https: false },
  {
    // What Vercel sets itself; the site URL is derived from its domain (lib/env.ts).
    name: "Vercel without SITE_URL or NEXTAUTH_URL",
    env: {
      VERCEL: "1",
      VERCEL_ENV: "preview",
      VERCEL_URL: "shop-abc123-team.vercel.app",
      NEXTAUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
      FIREBASE_PROJECT_ID: "shop-prod",
      FIREBASE_CLIENT_EMAIL: "runtime@shop-prod.iam.gserviceaccount.com",
      FIREBASE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n",
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: "shop-prod",
      NEXT_PUBLIC_FIREBASE_API_KEY: "AIzaSyExampleExampleExampleExample123",
      FIREBASE_STORAGE_BUCKET: "shop-prod.firebasestorage.app",
      SMTP_URL: "smtps://orders%40shop.example.com:app-password@smtp.example.com:465",
      MAIL_FROM: "Shop <orders@shop.example.com>",
      CRON_SECRET: "c".repeat(32),
    },
    https: true,
  },
  // (An http site URL on Vercel is refused before any cookie is set: tests/env.test.ts.)
] as const;

describe("cookies: one https rule for every cookie", () => {
  for (const { name, env: source, https } of CASES) {
    it(`${name}: guest and session cookies are ${https ? "both Secure and prefixed" : "both plain"}`, () => {
      const env = parseEnv(source);
      const guest = guestCartCookie(env);
      const session = sessionCookie(env);
      assert.equal(secureCookies(env), https);
      assert.equal(guest.options.secure, https);
      assert.equal(session.options.secure, https);
      assert.equal(guest.name, https ? "__Host-sf_cart" : "sf_cart");
      assert.equal(session.name, https ? "__Secure-next-auth.session-token" : "next-auth.session-token");
      for (const cookie of [guest, session]) {
        assert.equal(cookie.options.httpOnly, true);
        assert.equal(cookie.options.sameSite, "lax");
        assert.equal(cookie.options.path, "/");
      }
      assert.equal(guest.options.maxAge, 60 * 60 * 24 * 365);
    });
  }

  it("agrees with the canonical site URL wherever one is set", () => {
    for (const { env: source, https } of CASES) {
      const env = parseEnv(source);
      assert.equal(siteUrl(env).startsWith("https://"), https);
    }
  });
});

describe("cookieFromHeader", () => {
  it("finds a cookie by exact name and decodes its value", () => {
    assert.equal(cookieFromHeader("a=1; sf_cart=x%20y; b=2", "sf_cart"), "x y");
    assert.equal(cookieFromHeader("xsf_cart=1", "sf_cart"), undefined);
    assert.equal(cookieFromHeader(undefined, "sf_cart"), undefined);
  });
});
