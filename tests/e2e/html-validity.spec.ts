import { expect, test, type APIRequestContext } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulatorAccount, postIdToken } from "./helpers/accounts";
import { demoProducts } from "./support";

// Every route template's server HTML, as a crawler or a browser without
// JavaScript gets it, checked by the Nu HTML Checker (npm vnu-jar, the W3C's
// validator; Java 17 is on every machine that runs the Firestore emulator).
// Errors fail the test, each listed with its page and line; warnings do not.
const TEMPLATES: Array<{ name: string; path: string; status: number }> = [
  { name: "home", path: "/", status: 200 },
  { name: "electronics", path: "/electronics", status: 200 },
  { name: "accessories", path: "/accessories", status: 200 },
  { name: "accessories-sorted-page-2", path: "/accessories?sort=price-desc&page=2", status: 200 },
  { name: "sport", path: "/sport", status: 200 },
  { name: "details", path: `/details-page/${demoProducts[0].id}`, status: 200 },
  { name: "unknown-product", path: "/details-page/no-such-product", status: 404 },
  { name: "unknown-page", path: "/no-such-page", status: 404 },
  { name: "search-hits", path: `/search?q=${encodeURIComponent(demoProducts[0].name.split(" ")[0])}`, status: 200 },
  { name: "search-no-hits", path: "/search?q=zzzz-no-such-thing", status: 200 },
  {
    name: "search-view",
    path: `/search?q=${encodeURIComponent(demoProducts[0].name.split(" ")[0])}&sort=price-asc&max=999&stock=in`,
    status: 200,
  },
  { name: "sport-filtered", path: "/sport?sort=name-asc&min=1&stock=in", status: 200 },
  { name: "cart", path: "/cart-page", status: 200 },
  { name: "sign-in", path: "/sign-page", status: 200 },
  { name: "admin-sign-in", path: "/admin-signin", status: 200 },
  { name: "forgot-password", path: "/forgot-password", status: 200 },
  { name: "find-order", path: "/find-order", status: 200 },
  { name: "new-password", path: "/new-password?code=a-reset-code", status: 200 },
  { name: "verify-email", path: "/verify-email?code=a-verification-code", status: 200 },
  // The pages made without React: the cart holds a line (added below), and the sign-in notice.
  { name: "cart-without-javascript", path: `/cart-page/without-javascript?result=added&product=${demoProducts[0].id}`, status: 200 },
  { name: "sign-in-without-javascript", path: "/api/sign-in-without-javascript?from=sign-page", status: 200 },
  { name: "password-change-without-javascript", path: "/api/sign-in-without-javascript?from=account", status: 200 },
  // Signed out: the account page asks to sign in (signed in, below).
  { name: "account-signed-out", path: "/account", status: 200 },
];

const vnuJar = require.resolve("vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

async function serverHtml(request: APIRequestContext, path: string, status: number): Promise<string> {
  const response = await request.get(path, { failOnStatusCode: false, headers: { accept: "text/html" } });
  expect(response.status(), path).toBe(status);
  return response.text();
}

test("the Nu HTML Checker finds no error on any route template's server HTML", async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const added = await request.post("/cart-page/without-javascript", {
    form: { intent: "add", productId: demoProducts[0].id },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  const dir = mkdtempSync(join(tmpdir(), "html-validity-"));
  try {
    const files = [];
    for (const template of TEMPLATES) {
      const file = join(dir, `${template.name}.html`);
      writeFileSync(file, await serverHtml(request, template.path, template.status));
      files.push(file);
    }
    // The account page and its address form signed in, fetched last: signing in moves the guest cart above into the account.
    const { idToken } = await createEmulatorAccount(request, `html.${Date.now().toString(36)}@example.com`, "html-password-1", "Hana Html");
    expect((await postIdToken(request, idToken)).session).toMatchObject({ user: { name: "Hana Html" } });
    const accountHtml = await serverHtml(request, "/account", 200);
    expect(accountHtml).toContain('value="Hana Html"');
    const signedIn = join(dir, "account-signed-in.html");
    writeFileSync(signedIn, accountHtml);
    files.push(signedIn);
    // The address book's form, as a new address starts.
    const addressForm = join(dir, "account-address-new.html");
    writeFileSync(addressForm, await serverHtml(request, "/account/addresses/new", 200));
    files.push(addressForm);
    // A page known to be invalid rides along: if the checker did not run or its
    // report were misread, this test would pass on anything.
    const canary = join(dir, "canary-invalid.html");
    writeFileSync(canary, '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p id="a">1</p><p id="a">2</p></body></html>');
    files.push(canary);
    // One Java start for all pages; --exit-zero-always: the verdict is read from the JSON.
    const result = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files], {
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(result.error, "java runs the checker").toBeUndefined();
    const { messages } = JSON.parse(result.stderr) as { messages: VnuMessage[] };
    const fromCanary = messages.filter((m) => m.url.endsWith("/canary-invalid.html"));
    expect(fromCanary.map((m) => m.message)).toContain("Duplicate ID “a”.");
    const errors = messages
      .filter((m) => m.type !== "info" && !m.url.endsWith("/canary-invalid.html"))
      .map(
        (m) =>
          `${m.url.split("/").pop()}:${m.lastLine ?? "?"} ${m.message}${m.extract ? ` [${m.extract.replace(/\s+/g, " ").trim()}]` : ""}`,
      );
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// One character above U+00FF makes V8 hold a whole page as a two-byte string,
// which Node encodes to UTF-8 on every answer: the framework floor's page with
// one such character serves about half the requests a second it serves
// without (docs/BENCHMARKS.md §10). So the pages the page cache serves to
// every visitor keep the shop's own text within Latin-1 ("...", straight
// quotes, drawn arrows). The demo catalogue's text is within Latin-1 too, so
// any such character here is the shop's. Personal pages (cart, checkout,
// orders, admin) render per request, where encoding is a small share, and keep
// their typography.
const CACHED_FOR_EVERYONE = new Set([
  "home",
  "electronics",
  "accessories",
  "sport",
  "details",
  "unknown-product",
  "unknown-page",
  "search-hits",
  "search-no-hits",
  "search-view",
  "sport-filtered",
  "sign-in",
  "admin-sign-in",
]);

test("the HTML of every page the page cache serves to everyone stays within Latin-1", async ({ request }) => {
  const checked = TEMPLATES.filter((t) => CACHED_FOR_EVERYONE.has(t.name));
  expect(
    checked.map((t) => t.name),
    "every page named above is a template here",
  ).toEqual([...CACHED_FOR_EVERYONE]);
  const found: string[] = [];
  for (const template of checked) {
    const html = await serverHtml(request, template.path, template.status);
    for (const match of html.matchAll(/[^\u0000-\u00ff]/gu)) {
      const at = match.index;
      found.push(
        `${template.name}: U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} in "${html.slice(Math.max(0, at - 40), at + 10)}"`,
      );
    }
  }
  expect(found).toEqual([]);
});
