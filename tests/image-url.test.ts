/**
 * The image rule of the store's door (lib/data/contract/catalog.ts imageSchema,
 * lib/data/contract/image-url.ts): a local path as typed, or an https address on a
 * public host name, stored in the URL parser's normal form.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { IMAGE_URL_MESSAGES } from "@/lib/data/contract/image-url";
import { LIMITS } from "@/lib/data/contract/limits";
import { imageSchema } from "@/lib/data/contract/catalog";

function refusal(value: string): string {
  const result = imageSchema.safeParse(value);
  assert.equal(result.success, false, `${JSON.stringify(value)} was accepted as ${result.success && result.data}`);
  return result.success ? "" : result.error.issues[0].message;
}

describe("imageSchema", () => {
  it("stores an https address in its normal form", () => {
    const cases: Array<[string, string]> = [
      ["HTTPS://Example.COM/a b.jpg", "https://example.com/a%20b.jpg"],
      ["  https://cdn.example.com/lamp.jpg?w=800  ", "https://cdn.example.com/lamp.jpg?w=800"],
      ["https://cdn.example.com:443/x.jpg", "https://cdn.example.com/x.jpg"],
      ["https://cdn.example.com", "https://cdn.example.com/"],
      ["https://bücher.example/x.jpg", "https://xn--bcher-kva.example/x.jpg"],
      ["https://img-1.cdn.example.co.uk/a/../b.jpg", "https://img-1.cdn.example.co.uk/b.jpg"],
    ];
    for (const [typed, stored] of cases) assert.equal(imageSchema.parse(typed), stored, typed);
  });

  it("keeps a local path as typed", () => {
    assert.equal(imageSchema.parse(" /products/lamp.webp "), "/products/lamp.webp");
  });

  it("refuses an address the URL parser would read another way than typed", () => {
    // new URL reads its host as "alert(1)"
    assert.equal(refusal("https:alert(1)"), IMAGE_URL_MESSAGES.host);
    assert.equal(refusal("https://exa mple.com/a.jpg"), IMAGE_URL_MESSAGES.notHttps);
  });

  it("refuses a user name or password", () => {
    for (const value of ["https://user:pw@x.com/a.jpg", "https://user@x.com/a.jpg", "https://:pw@x.com/a.jpg"]) {
      assert.equal(refusal(value), IMAGE_URL_MESSAGES.credentials, value);
    }
  });

  it("refuses hosts that are not a public DNS name: localhost, IP literals, one label, bad labels", () => {
    for (const value of [
      "https://localhost/a.jpg",
      "https://LOCALHOST./a.jpg",
      "https://shop.localhost/a.jpg",
      "https://127.0.0.1/a.jpg",
      "https://0x7f.1/a.jpg", // read as 127.0.0.1
      "https://2130706433/a.jpg", // read as 127.0.0.1
      "https://10.0.0.1:8443/a.jpg",
      "https://[::1]/a.jpg",
      "https://[2001:db8::1]/a.jpg",
      "https://cdn/a.jpg",
      "https://example.com./a.jpg",
      "https://-cdn.example.com/a.jpg",
      "https://cdn-.example.com/a.jpg",
      "https://cdn_1.example.com/a.jpg",
      `https://${"a".repeat(64)}.example.com/a.jpg`,
      `https://${"a.".repeat(127)}com/a.jpg`,
    ]) {
      assert.equal(refusal(value), IMAGE_URL_MESSAGES.host, value);
    }
  });

  it("refuses other schemes and what is not an address", () => {
    for (const value of [
      "http://example.com/a.jpg",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//example.com/a.jpg",
      "picture of a cat",
      "https://",
    ]) {
      assert.equal(refusal(value), IMAGE_URL_MESSAGES.notHttps, value);
    }
  });

  it("measures the stored form: an address that grows past the limit when escaped is refused", () => {
    const typed = `https://example.com/${" ".repeat(LIMITS.imageMax - 40)}x.jpg`;
    assert.ok(typed.length <= LIMITS.imageMax);
    assert.equal(refusal(typed), `Image URL must be at most ${LIMITS.imageMax} characters`);
  });
});
