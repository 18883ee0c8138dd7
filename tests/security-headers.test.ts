import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contentSecurityPolicy, securityHeaders, type SecurityHeaderInputs } from "@/lib/security/headers";
import { servedOverHttps } from "@/lib/security/https";
import { privatePageHeaders } from "@/lib/security/private-pages";

const production: SecurityHeaderInputs = {
  https: true,
  development: false,
  firebaseAuthDomain: "shop-prod.firebaseapp.com",
  authEmulatorHost: "",
  localBuild: false,
};
const local: SecurityHeaderInputs = {
  https: false,
  development: false,
  firebaseAuthDomain: "demo-storefront.firebaseapp.com",
  authEmulatorHost: "127.0.0.1:9099",
  localBuild: true,
};

/** The policy as a map of directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    assert.ok(!map.has(name), `directive ${name} appears twice`);
    map.set(name, sources);
  }
  return map;
}

function header(list: Array<{ key: string; value: string }>, key: string): string | undefined {
  return list.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;
}

describe("Content-Security-Policy", () => {
  it("locks every directive down to what the shop uses (production)", () => {
    const csp = directives(contentSecurityPolicy(production));
    assert.deepEqual(Object.fromEntries(csp), {
      "default-src": ["'self'"],
      "script-src": ["'self'", "'unsafe-inline'", "https://apis.google.com"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "blob:", "https:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'", "https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"],
      "frame-src": ["https://shop-prod.firebaseapp.com", "https://accounts.google.com"],
      "worker-src": ["'self'", "blob:"],
      "manifest-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'", "https://checkout.stripe.com"],
      "frame-ancestors": ["'none'"],
      "upgrade-insecure-requests": [],
    });
  });

  it("lets forms lead to Stripe's checkout page, and to the Stripe stand-in on the loopback only in a local build", () => {
    assert.deepEqual(directives(contentSecurityPolicy(production)).get("form-action"), ["'self'", "https://checkout.stripe.com"]);
    assert.deepEqual(directives(contentSecurityPolicy(local)).get("form-action"), [
      "'self'",
      "https://checkout.stripe.com",
      "http://127.0.0.1:*",
    ]);
  });

  it("names the Auth emulator (connect and frame) only when one is configured", () => {
    const withEmulator = directives(contentSecurityPolicy(local));
    assert.ok(withEmulator.get("connect-src")!.includes("http://127.0.0.1:9099"));
    assert.ok(withEmulator.get("frame-src")!.includes("http://127.0.0.1:9099"));
    const withoutEmulator = contentSecurityPolicy({ ...local, authEmulatorHost: "", localBuild: false });
    assert.ok(!withoutEmulator.includes("127.0.0.1"), withoutEmulator);
    assert.ok(!withoutEmulator.includes("http://"), "no plain-http origin without an emulator");
  });

  it("upgrades insecure requests only on https (it would break http://localhost)", () => {
    assert.ok(directives(contentSecurityPolicy(production)).has("upgrade-insecure-requests"));
    assert.ok(!directives(contentSecurityPolicy(local)).has("upgrade-insecure-requests"));
  });

  it("allows eval only under next dev, never in a production build", () => {
    assert.ok(!contentSecurityPolicy(production).includes("unsafe-eval"));
    assert.ok(!contentSecurityPolicy(local).includes("unsafe-eval"));
    assert.ok(
      directives(contentSecurityPolicy({ ...local, development: true }))
        .get("script-src")!
        .includes("'unsafe-eval'"),
    );
  });

  it("never allows every origin for scripts, frames or connections", () => {
    for (const inputs of [production, local]) {
      const csp = directives(contentSecurityPolicy(inputs));
      for (const name of ["script-src", "connect-src", "frame-src", "default-src", "object-src", "base-uri", "form-action"]) {
        for (const source of csp.get(name)!) {
          assert.ok(!["*", "https:", "http:", "data:", "blob:"].includes(source), `${name} allows ${source}`);
        }
      }
    }
  });
});

describe("security headers", () => {
  it("sends the fixed headers on http and https alike", () => {
    for (const inputs of [production, local]) {
      const list = securityHeaders(inputs);
      assert.equal(header(list, "Content-Security-Policy"), contentSecurityPolicy(inputs));
      assert.equal(header(list, "X-Frame-Options"), "DENY");
      assert.equal(header(list, "Referrer-Policy"), "strict-origin-when-cross-origin");
      assert.equal(header(list, "X-Content-Type-Options"), "nosniff");
      const permissions = header(list, "Permissions-Policy")!;
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"]) {
        assert.match(permissions, new RegExp(`(^|, )${feature}=\\(\\)(,|$)`));
      }
    }
  });

  it("sends HSTS (two years, subdomains) only on https", () => {
    assert.equal(header(securityHeaders(production), "Strict-Transport-Security"), "max-age=63072000; includeSubDomains");
    assert.equal(header(securityHeaders(local), "Strict-Transport-Security"), undefined);
  });

  it("has no header twice", () => {
    const keys = securityHeaders(production).map((h) => h.key.toLowerCase());
    assert.equal(new Set(keys).size, keys.length);
  });
});

describe("servedOverHttps", () => {
  it("is true for an https NEXTAUTH_URL or on Vercel, false for http and unset", () => {
    assert.equal(servedOverHttps({ NEXTAUTH_URL: "https://shop.example.com" }), true);
    assert.equal(servedOverHttps({ NEXTAUTH_URL: "HTTPS://SHOP.EXAMPLE.COM" }), true);
    assert.equal(servedOverHttps({ VERCEL: "1" }), true);
    assert.equal(servedOverHttps({ NEXTAUTH_URL: "http://localhost:3000" }), false);
    assert.equal(servedOverHttps({ NEXTAUTH_URL: "http://localhost:3000", VERCEL: "" }), false);
    assert.equal(servedOverHttps({}), false);
  });

  it("follows SITE_URL before NEXTAUTH_URL, as siteUrl() does; an empty value is unset", () => {
    assert.equal(servedOverHttps({ SITE_URL: "https://shop.example.com", NEXTAUTH_URL: "http://localhost:3000" }), true);
    assert.equal(servedOverHttps({ SITE_URL: "http://localhost:3000", NEXTAUTH_URL: "https://shop.example.com" }), false);
    assert.equal(servedOverHttps({ SITE_URL: " ", NEXTAUTH_URL: "https://shop.example.com" }), true);
    assert.equal(servedOverHttps({ SITE_URL: "http://localhost:3000", VERCEL: "1" }), true);
  });
});

describe("privatePageHeaders", () => {
  it("makes /admin-entry, the checkout and the orders and every path under them, and the account page and its address book's pages, private, no-store (next.config.ts headers())", () => {
    const noStore = [{ key: "Cache-Control", value: "private, no-store" }];
    assert.deepEqual(privatePageHeaders(), [
      { source: "/admin-entry", headers: noStore },
      { source: "/admin-entry/:path*", headers: noStore },
      { source: "/checkout-page", headers: noStore },
      { source: "/checkout-page/:path*", headers: noStore },
      { source: "/orders-page", headers: noStore },
      { source: "/orders-page/:path*", headers: noStore },
      { source: "/account", headers: noStore },
      { source: "/account/:path*", headers: noStore },
    ]);
  });
});
