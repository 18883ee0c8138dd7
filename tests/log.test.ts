/**
 * The shop's one logger (lib/log): one JSON line per event with level,
 * time, pid, the request's id and route, kind and message; no personal data
 * or credential in any field, message or error; a stack only on an error
 * line, at most once a minute per kind; and a request's id on every line
 * logged while the request runs, from Node's request announcement through
 * async work to the response header.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { isRefusedKey } from "@/lib/log/fields";
import { log } from "@/lib/log";
import { logClockMs } from "@/lib/log/clock";
import { warnThrottled } from "@/lib/log/warn-throttled";
import { createLogger } from "@/lib/log/logger";
import { logRequestError } from "@/lib/log/request-error";
import { requestStorage, routeOfUrl, type RequestContext } from "@/lib/log/request-context";
import { captureLogLines } from "@/lib/log/sink";
import { REQUEST_ID_HEADER, requestIdOf, trackRequests } from "@/lib/log/track-requests";

type Line = Record<string, unknown>;

/** A logger writing parsed lines into an array, on a clock and in a request the test sets. */
function recording(context: RequestContext | undefined = undefined) {
  const lines: Line[] = [];
  const raw: string[] = [];
  let now = Date.parse("2026-01-02T03:04:05.000Z");
  const logger = createLogger({
    write: (line) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Line);
    },
    now: () => now,
    context: () => context,
  });
  return { logger, lines, raw, advance: (ms: number) => (now += ms) };
}

describe("a log line", () => {
  it("is one JSON object on one line: level, time, pid, kind, msg and the caller's fields", () => {
    const { logger, lines, raw } = recording();
    logger.info("cart.added", "A line was added", { quantity: 2, fresh: true });
    assert.equal(raw.length, 1);
    assert.match(raw[0], /^\{.*\}\n$/);
    assert.deepEqual(lines[0], {
      level: "info",
      time: "2026-01-02T03:04:05.000Z",
      pid: process.pid,
      kind: "cart.added",
      quantity: 2,
      fresh: true,
      msg: "A line was added",
    });
  });

  it("carries the request's id and route when logged in one", () => {
    const { logger, lines } = recording({ reqId: "r-123", route: "/cart-page" });
    logger.warn("cart.store_unavailable", "Cart store unavailable");
    assert.deepEqual([lines[0].reqId, lines[0].route], ["r-123", "/cart-page"]);
  });

  it("names an error by name, code and message, with its cause, and a warning never has a stack", () => {
    const { logger, lines } = recording();
    const cause = Object.assign(new Error("14 UNAVAILABLE"), { code: 14 });
    const error = Object.assign(new Error("Firestore did not answer", { cause }), { name: "StoreError", code: "unavailable" });
    logger.warn("cart.store_unavailable", "Cart store unavailable", undefined, error);
    assert.deepEqual(lines[0].err, {
      name: "StoreError",
      message: "Firestore did not answer",
      code: "unavailable",
      cause: { name: "Error", message: "14 UNAVAILABLE", code: 14 },
    });
    assert.equal(lines[0].stackOmitted, undefined);
  });

  it("renames a kind that is not `area.event`, so every line's kind stays searchable", () => {
    const { logger, lines } = recording();
    logger.info("Not a kind" as "a.b", "x");
    assert.equal(lines[0].kind, "log.bad_kind");
  });
});

describe("personal data", () => {
  it("refuses fields whose key names a person, an address, an owner or a secret, and says which were left out", () => {
    for (const key of [
      "email",
      "customerEmail",
      "name",
      "shipping_address",
      "ip",
      "uid",
      "owner",
      "guestToken",
      "cookie",
      "sessionId",
      "password",
    ]) {
      assert.ok(isRefusedKey(key), key);
    }
    for (const key of ["orderId", "productId", "attempt", "code", "routePath", "digest", "retryInMs"]) assert.ok(!isRefusedKey(key), key);
    const { logger, lines } = recording();
    logger.info("orders.placed", "An order was placed", { orderId: "o1", email: "ada@example.com", name: "Ada Lovelace", token: "t0k3n" });
    assert.equal(lines[0].orderId, "o1");
    assert.deepEqual(lines[0].redactedKeys, ["email", "name", "token"]);
    assert.doesNotMatch(JSON.stringify(lines[0]), /ada@example\.com|Ada Lovelace|t0k3n/);
  });

  it("removes email addresses, URL tokens, JWTs and bearer credentials from every text, error messages and stacks included", () => {
    const { logger, raw } = recording({ reqId: "r", route: "/orders-page/o1" });
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    const error = new Error(`550 <bob@example.org>: no such mailbox; see /orders-page/o1?token=s3cr3t-guest-token and ${jwt}`);
    logger.error("email.given_up", "Mail to carol@example.net failed", error, {
      lastError: "Authorization: Bearer abc.def.ghi for dave@example.com",
    });
    const text = raw.join("");
    for (const secret of ["bob@example.org", "carol@example.net", "dave@example.com", "s3cr3t-guest-token", jwt, "abc.def.ghi"]) {
      assert.ok(!text.includes(secret), `${secret} in ${text}`);
    }
    assert.match(text, /\[email\]/);
    assert.match(text, /token=\[redacted\]/);
    assert.match(text, /\[jwt\]/);
  });

  it("keeps a route to its path: no query (a guest's token), no search words", () => {
    assert.equal(routeOfUrl("/orders-page/abc?token=xyz"), "/orders-page/abc");
    assert.equal(routeOfUrl("/search/ada%20lovelace"), "/search/[q]");
    assert.equal(routeOfUrl(undefined), "/");
    assert.ok(routeOfUrl(`/${"x".repeat(500)}`).length <= 201);
  });
});

describe("stacks", () => {
  it("come with the first error of a kind, then at most once a minute per kind; other kinds have their own minute", () => {
    const { logger, lines, advance } = recording();
    const boom = () => new Error("boom");
    logger.error("cart.action_failed", "Cart action failed", boom());
    advance(1_000);
    logger.error("cart.action_failed", "Cart action failed", boom());
    logger.error("admin.order_step_failed", "Could not take an order step", boom());
    advance(58_999);
    logger.error("cart.action_failed", "Cart action failed", boom());
    advance(1);
    logger.error("cart.action_failed", "Cart action failed", boom());
    const stacks = lines.map((line) => [line.kind, typeof (line.err as { stack?: string }).stack === "string", line.stackOmitted ?? false]);
    assert.deepEqual(stacks, [
      ["cart.action_failed", true, false],
      ["cart.action_failed", false, true],
      ["admin.order_step_failed", true, false],
      ["cart.action_failed", false, true],
      ["cart.action_failed", true, false],
    ]);
    assert.match((lines[0].err as { stack: string }).stack, /^Error: boom\n\s+at /);
  });

  it("are never taken from something thrown that is not an Error", () => {
    const { logger, lines } = recording();
    logger.error("cart.action_failed", "Cart action failed", "a string");
    assert.deepEqual(lines[0].err, { name: "NonError", message: "a string" });
  });
});

describe("the request's id", () => {
  it("is on every line the process logger writes inside a request's context, and on none outside", async () => {
    const captured = captureLogLines();
    try {
      await requestStorage().run({ reqId: "req-1", route: "/api/cart" }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        log.info("cart.read", "Read a cart");
      });
      log.info("catalog.poll", "Polled");
    } finally {
      captured.restore();
    }
    assert.deepEqual(
      captured.lines.map((line) => [line.kind, line.reqId, line.route]),
      [
        ["cart.read", "req-1", "/api/cart"],
        ["catalog.poll", undefined, undefined],
      ],
    );
  });

  it("is given to each request an HTTP server accepts, reaches the handler's async work, and is sent back as x-request-id", async () => {
    trackRequests(false);
    const server = createServer(async (request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.info("test.handled", "Handled");
      response.end("ok");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const captured = captureLogLines();
    const ids: Array<string | null> = [];
    try {
      for (const path of ["/orders-page/o1?token=guest-secret", "/cart-page"]) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { [REQUEST_ID_HEADER]: "chosen-by-the-client" } });
        await response.text();
        ids.push(response.headers.get(REQUEST_ID_HEADER));
      }
    } finally {
      captured.restore();
      server.close();
    }
    assert.deepEqual(
      captured.lines.map((line) => [line.reqId, line.route]),
      [
        [ids[0], "/orders-page/o1"],
        [ids[1], "/cart-page"],
      ],
    );
    assert.match(ids[0] ?? "", /^[A-Za-z0-9_-]{16}$/, "a new id, never the client's");
    assert.notEqual(ids[0], ids[1]);
  });

  it("is Vercel's x-vercel-id on Vercel, when it looks like one; a new id otherwise", () => {
    const vercelId = "fra1::iad1::abcde-1700000000000-0123456789ab";
    assert.equal(requestIdOf(vercelId, true), vercelId);
    assert.notEqual(requestIdOf(vercelId, false), vercelId);
    assert.notEqual(requestIdOf("x\ny", true), "x\ny");
    assert.match(requestIdOf(undefined, true), /^[A-Za-z0-9_-]{16}$/);
  });
});

describe("Next's onRequestError", () => {
  it("logs the error with its digest, the route as the app names it, its type and the path without its query", () => {
    const captured = captureLogLines();
    try {
      const error = Object.assign(new Error("render failed"), { digest: "2813912405" });
      logRequestError(
        error,
        { path: "/orders-page/o1?token=guest-secret", method: "GET", headers: { cookie: "next-auth.session-token=abc" } },
        {
          routerKind: "App Router",
          routePath: "/orders-page/[id]",
          routeType: "render",
          renderSource: "server-rendering",
          revalidateReason: undefined,
        },
      );
    } finally {
      captured.restore();
    }
    const [line] = captured.lines;
    assert.deepEqual(
      [line.level, line.kind, line.digest, line.routePath, line.routeType, line.method, line.path],
      ["error", "next.request_error", "2813912405", "/orders-page/[id]", "render", "GET", "/orders-page/o1"],
    );
    assert.equal((line.err as { message: string }).message, "render failed");
    assert.doesNotMatch(JSON.stringify(line), /guest-secret|session-token/);
  });
});

describe("a line logged inside a prerender", () => {
  it("is written with the time, without Date.now(), which Cache Components refuses there", () => {
    assert.ok(Math.abs(logClockMs() - Date.now()) < 1_000, "the log clock follows the wall clock");
    const captured = captureLogLines();
    const realNow = Date.now;
    // As Next's prerender guard does: Date.now() throws in place of the time.
    Date.now = () => {
      throw new Error("Next.js encountered the unstable value `Date.now()` while prerendering");
    };
    try {
      log.error("test.prerender_error", "A store call failed during a background revalidation", new Error("deadline"));
      warnThrottled("test.prerender_warning", "A stranger's request, throttled");
    } finally {
      Date.now = realNow;
      captured.restore();
    }
    assert.deepEqual(
      captured.lines.map((line) => line.kind),
      ["test.prerender_error", "test.prerender_warning"],
    );
    for (const line of captured.lines) assert.ok(Math.abs(Date.parse(String(line.time)) - Date.now()) < 5_000, String(line.time));
  });
});
