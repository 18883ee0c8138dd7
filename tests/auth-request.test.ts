import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isValidCallbackUrl, refuseAuthRequest, safeRedirect } from "@/lib/auth/auth-request";

const BASE = "http://localhost:3000";

function post(path: string, contentType: string | null, body: string): Request {
  const headers = contentType ? { "Content-Type": contentType } : undefined;
  return new Request(`${BASE}/api/auth/${path}`, { method: "POST", headers, body });
}

describe("requests next-auth would answer with a 500", () => {
  test("callback URLs: paths and http(s) URLs pass, anything else does not (next-auth's own rule)", () => {
    for (const good of ["/", "/cart-page?x=1", "http://localhost:3000/", "https://shop.example/a"]) {
      assert.equal(isValidCallbackUrl(good, BASE), true, good);
    }
    for (const bad of ["abc", "", "javascript:alert(1)", "ftp://x", "//", "%", "data:text/html,x"]) {
      assert.equal(isValidCallbackUrl(bad, BASE), false, bad);
    }
  });

  test("a callbackUrl query that next-auth would refuse is a 400", async () => {
    const refusal = await refuseAuthRequest(new Request(`${BASE}/api/auth/signin?callbackUrl=abc`), "signin");
    assert.equal(refusal?.status, 400);
    assert.equal(await refuseAuthRequest(new Request(`${BASE}/api/auth/signin?callbackUrl=%2Fcart-page`), "signin"), null);
  });

  test("the credentials callback takes POST only", async () => {
    assert.equal((await refuseAuthRequest(new Request(`${BASE}/api/auth/callback/firebase`), "callback/firebase"))?.status, 405);
    assert.equal(
      await refuseAuthRequest(post("callback/firebase", "application/x-www-form-urlencoded", "idToken=x"), "callback/firebase"),
      null,
    );
  });

  test("next-auth's _log endpoint is not served: with a logger set it would write any POST into the server's log", async () => {
    for (const request of [post("_log", "application/json", '{"level":"error","code":"FORGED"}'), new Request(`${BASE}/api/auth/_log`)]) {
      assert.equal((await refuseAuthRequest(request, "_log"))?.status, 404);
    }
  });

  test("POST bodies must parse as their content type says", async () => {
    assert.equal((await refuseAuthRequest(post("session", "application/json", "nope"), "session"))?.status, 400);
    assert.equal((await refuseAuthRequest(post("session", "application/json", "[1]"), "session"))?.status, 400);
    assert.equal((await refuseAuthRequest(post("session", "application/json", "null"), "session"))?.status, 400);
    assert.equal(await refuseAuthRequest(post("session", "application/json", '{"csrfToken":"x"}'), "session"), null);
    assert.equal((await refuseAuthRequest(post("signout", "text/plain", "a"), "signout"))?.status, 415);
    assert.equal((await refuseAuthRequest(post("signout", null, "a"), "signout"))?.status, 415);
    assert.equal(await refuseAuthRequest(post("signout", "application/x-www-form-urlencoded; charset=UTF-8", "%%%"), "signout"), null);
  });

  test("redirects stay on this site, and text that is not a URL goes home instead of throwing", () => {
    assert.equal(safeRedirect("/cart-page", BASE), `${BASE}/cart-page`);
    assert.equal(safeRedirect(`${BASE}/admin-entry`, BASE), `${BASE}/admin-entry`);
    // Read as the sign-in form reads ?callbackUrl (lib/auth/same-site-path.ts): relative text is a path here.
    assert.equal(safeRedirect("true", BASE), `${BASE}/true`);
    for (const elsewhere of [
      "https://evil.example/",
      "//evil.example",
      "http://[",
      "",
      "javascript:alert(1)",
      "http://localhost:3001/",
      // This site's own origin, then a path a browser reads as another host once the origin is cut off.
      `${BASE}//evil.example/`,
      `${BASE}/%2F%2Fevil.example/`,
      `${BASE}/\\evil.example/`,
      `${BASE}/\t/evil.example/`,
      "/%2F%2Fevil.example/",
      "/\\evil.example/",
      "/\t/evil.example/",
      "/\n/evil.example/",
    ]) {
      assert.equal(safeRedirect(elsewhere, BASE), BASE, elsewhere);
    }
  });

  test("reads leave the body for next-auth", async () => {
    const request = post("session", "application/json", '{"csrfToken":"x"}');
    await refuseAuthRequest(request, "session");
    assert.deepEqual(await request.json(), { csrfToken: "x" });
  });
});
