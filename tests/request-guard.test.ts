/**
 * Requests answered before Next sees them (lib/security/request-guard.ts,
 * guard-requests.ts): methods the shop does not serve, writes to static
 * files, image paths the shop does not hold; each kind one warning a minute
 * (lib/log/warn-throttled.ts).
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { guardRequests, readPublicFiles } from "@/lib/security/guard-requests";
import { requestRefusal } from "@/lib/security/request-guard";
import { captureLogLines } from "@/lib/log/sink";
import { warnThrottled, THROTTLED_LINE_INTERVAL_MS } from "@/lib/log/warn-throttled";

const publicDir = mkdtempSync(join(tmpdir(), "request-guard-"));
mkdirSync(join(publicDir, "products"));
mkdirSync(join(publicDir, "v", "products"), { recursive: true });
writeFileSync(join(publicDir, "products", "lamp.webp"), "x");
writeFileSync(join(publicDir, "v", "products", "lamp-640.webp"), "x");
writeFileSync(join(publicDir, "favicon.ico"), "x");
after(() => rmSync(publicDir, { recursive: true, force: true }));
const files = readPublicFiles(publicDir);
const image = (url: string) => `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`;

describe("the request guard's rules", () => {
  it("reads public/: its top-level names and the image folders' files", () => {
    assert.deepEqual([...files.topLevel].sort(), ["favicon.ico", "products", "v"]);
    assert.deepEqual([...files.images].sort(), ["/products/lamp.webp", "/v/products/lamp-640.webp"]);
  });

  it("refuses a method the shop serves nowhere, TRACE first, on every path (405, Allow)", () => {
    for (const path of ["/", "/api/health", "/details-page/lamp", "/search?q=x", "/favicon.ico"]) {
      for (const method of ["TRACE", "PROPFIND", "PUT", "DELETE", "PATCH"]) {
        const refusal = requestRefusal(method, path, files);
        assert.equal(refusal?.status, 405, `${method} ${path}`);
        assert.equal(refusal?.kind, "security.method_refused");
      }
    }
    assert.equal(requestRefusal("TRACE", "/", files)?.allow, "GET, HEAD, POST, OPTIONS");
  });

  it("takes GET, HEAD, POST and OPTIONS to pages and routes, only GET and HEAD to a file", () => {
    for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) {
      assert.equal(requestRefusal(method, "/details-page/lamp", files), null, method);
      assert.equal(requestRefusal(method, "/api/cart", files), null, method);
    }
    for (const path of ["/favicon.ico", "/products/lamp.webp", "/_next/static/chunks/a.js"]) {
      assert.equal(requestRefusal("GET", path, files), null, path);
      assert.equal(requestRefusal("HEAD", path, files), null, path);
      for (const method of ["POST", "OPTIONS"])
        assert.deepEqual(requestRefusal(method, path, files)?.allow, "GET, HEAD", `${method} ${path}`);
    }
  });

  it("lets the optimizer have an image the shop holds as written; a path written otherwise is 400, one of no file 404", () => {
    assert.equal(requestRefusal("GET", image("/products/lamp.webp"), files), null);
    assert.equal(requestRefusal("GET", image("/v/products/lamp-640.webp"), files), null);
    for (const written of [
      "/products/a\\b.webp",
      "/products//lamp.webp",
      "/products/lamp.webp/",
      "/products/./lamp.webp",
      "/products/../api/events",
      "/products/lamp.webp?x=1",
      "/products/%5C",
      "/v/\\",
    ]) {
      const refusal = requestRefusal("GET", image(written), files);
      assert.equal(refusal?.status, 400, written);
      assert.equal(refusal?.kind, "security.image_refused");
    }
    assert.equal(requestRefusal("GET", image("/products/no-such.webp"), files)?.status, 404);
    // Outside the image folders, Next's own rules answer (a 400 of its own, without an error line).
    for (const other of ["/api/events", "/og-image.jpg", "https://images.example.com/a.jpg", "//evil.example/a.png"]) {
      assert.equal(requestRefusal("GET", image(other), files), null, other);
    }
  });
});

describe("the guard in front of a server", () => {
  it("answers refused requests itself and hands every other to the server's own listener, once a minute in the log", async () => {
    const captured = captureLogLines();
    guardRequests(publicDir);
    const reached: string[] = [];
    const server = createServer((request, response) => {
      reached.push(`${request.method} ${request.url}`);
      response.end("next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const { request } = await import("node:http");
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const outgoing = request({ host: "127.0.0.1", port, method, path }, (incoming) => {
          let body = "";
          incoming.on("data", (chunk) => (body += chunk));
          incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, allow: incoming.headers.allow, body }));
        });
        outgoing.on("error", reject);
        outgoing.end();
      });
    try {
      // The guard starts with the server's next request, as in the shop (Next starts it inside its first).
      await send("GET", "/first");
      assert.deepEqual(await send("TRACE", "/"), {
        status: 405,
        allow: "GET, HEAD, POST, OPTIONS",
        body: "The shop does not answer TRACE requests.",
      });
      assert.equal((await send("TRACE", "/api/health")).status, 405);
      assert.equal((await send("POST", "/favicon.ico")).status, 405);
      assert.equal((await send("GET", image("/products/a\\b.webp"))).status, 400);
      assert.equal((await send("GET", "/details-page/lamp")).body, "next");
      assert.deepEqual(reached, ["GET /first", "GET /details-page/lamp"]);
    } finally {
      server.close();
      captured.restore();
    }
    const kinds = captured.lines.map((line) => line.kind);
    assert.deepEqual(kinds, ["security.method_refused", "security.image_refused"], "one line per kind within the minute");
  });

  it("a throttled warning says how many of its kind were left out since the previous line", () => {
    const captured = captureLogLines();
    try {
      const start = 1_000_000;
      warnThrottled("test.throttled", "A test line", {}, start);
      warnThrottled("test.throttled", "A test line", {}, start + 1);
      warnThrottled("test.throttled", "A test line", {}, start + 2);
      warnThrottled("test.throttled", "A test line", {}, start + THROTTLED_LINE_INTERVAL_MS + 5);
    } finally {
      captured.restore();
    }
    assert.deepEqual(
      captured.lines.map((line) => [line.kind, line.leftOut]),
      [
        ["test.throttled", 0],
        ["test.throttled", 2],
      ],
    );
  });
});
