import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import {
  checkShopLogFiles,
  describeLogFailures,
  errorEntries,
  loadExpectedLines,
  parseExpectedLines,
  shopLine,
  unexpectedEntries,
} from "../scripts/lib/shop-log-check.mjs";
import { freeShopLogPath, openShopLog, shopLogsOfPass } from "../scripts/lib/shop-log-file.mjs";

// Every e2e pass fails on an error line a shop instance logged that tests/e2e/expected-log-lines.json
// does not list (scripts/e2e.mjs after the pass, tests/e2e/helpers/shop-process.ts as an extra shop stops).
const dir = mkdtempSync(join(tmpdir(), "shop-log-check-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A log file as the e2e suite writes it, from [stream, line] pairs. */
function logFile(name: string, lines: Array<["stdout" | "stderr", string]>): string {
  const log = openShopLog(freeShopLogPath("unit", name, dir));
  for (const [stream, line] of lines) log.write(line, stream);
  return log.file;
}

const startup: Array<["stdout" | "stderr", string]> = [
  ["stdout", "▲ Next.js 16.4.5"],
  ["stdout", "- Local:         http://localhost:4400"],
  ["stdout", "✓ Ready in 127ms"],
];

const rateLimited = parseExpectedLines({
  lines: [
    {
      pattern: "^Rate limit reached for sign-in from 203\\.0\\.113\\.7$",
      spec: "abuse.spec.ts",
      reason: "the spec exceeds the limit on purpose",
    },
    {
      kind: "auth.id_token_rejected",
      match: { "err.code": "^auth/id-token-expired$" },
      spec: "accounts.spec.ts",
      reason: "the spec posts an expired token on purpose",
    },
  ],
});

/** A shop line as lib/log writes it. */
function shopJson(level: string, kind: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    level,
    time: "2026-01-02T03:04:05.000Z",
    pid: 1,
    reqId: "r1",
    route: "/x",
    kind,
    ...extra,
    msg: `${kind} happened`,
  });
}

describe("the shop log check", () => {
  it("passes a clean log: start-up lines are not errors", () => {
    assert.deepEqual(checkShopLogFiles([logFile("clean", startup)], rateLimited), []);
  });

  it("fails on an unexpected text error on stderr, with its stack, and names the file and line", () => {
    const file = logFile("unexpected", [
      ...startup,
      ["stderr", "Could not read the catalogue's version for a catalog event Error: boom"],
      ["stderr", "    at currentCatalogVersion (lib/live/stream.ts:135:11)"],
      ["stderr", "    at async Timeout._onTimeout (lib/live/stream.ts:138:5)"],
      ["stdout", "GET /api/health 200"],
    ]);
    const failures = checkShopLogFiles([file], rateLimited);
    assert.equal(failures.length, 1);
    assert.equal(failures[0].file, file);
    assert.equal(failures[0].unexpected.length, 1, "the stack continues its entry");
    assert.equal(failures[0].unexpected[0].line, 4);
    const message = describeLogFailures(failures);
    assert.ok(message.includes(file), message);
    assert.match(message, /line 4: Could not read the catalogue's version/);
    assert.match(message, /at currentCatalogVersion/);
  });

  it("passes an expected line, and fails the same log once a second, unlisted line follows it", () => {
    const expectedOnly = logFile("expected", [...startup, ["stderr", "Rate limit reached for sign-in from 203.0.113.7"]]);
    assert.deepEqual(checkShopLogFiles([expectedOnly], rateLimited), []);
    const withMore = logFile("expected-and-more", [
      ...startup,
      ["stderr", "Rate limit reached for sign-in from 203.0.113.7"],
      ["stderr", "Rate limit reached for sign-in from 198.51.100.1"],
    ]);
    const [failure] = checkShopLogFiles([withMore], rateLimited);
    assert.deepEqual(
      failure.unexpected.map((e) => e.text),
      ["Rate limit reached for sign-in from 198.51.100.1"],
    );
  });

  it("counts stderr text, Next's ⨯ lines, Error: lines, unhandled rejections and stray stack frames as errors", () => {
    const entries = errorEntries(
      readFileSync(
        logFile("kinds", [
          ["stderr", "Skipping products/x: name is required"],
          ["stdout", " ⨯ Error: failed to render /product/[id]"],
          ["stdout", "TypeError: Cannot read properties of undefined (reading 'id')"],
          ["stdout", "Unhandled Rejection: boom"],
          ["stdout", "GET / 200 in 12ms"],
          ["stdout", "    at Object.<anonymous> (server.js:1:1)"],
        ]),
        "utf8",
      ),
    );
    assert.deepEqual(
      entries.map((e) => e.line),
      [1, 2, 3, 4, 6],
    );
  });

  it("keeps an object printed over several stderr lines in one entry", () => {
    const entries = errorEntries(
      readFileSync(
        logFile("object", [
          ["stderr", "Cart store unavailable StoreError: unavailable {"],
          ["stderr", "  code: 'unavailable',"],
          ["stderr", "  [cause]: Error: 14 UNAVAILABLE"],
          ["stderr", "}"],
          ["stderr", "Firestore did not close cleanly"],
        ]),
        "utf8",
      ),
    );
    assert.equal(entries.length, 2);
    assert.match(entries[0].text, /code: 'unavailable'[\s\S]*\}$/);
  });

  it('keeps Next\'s "Read more" line and the stack with the error they explain', () => {
    const entries = errorEntries(
      [
        'err| Error: Failed to find Server Action "7a91". This request might be from an older or newer deployment.',
        "err| Read more: https://nextjs.org/docs/messages/failed-to-find-server-action",
        "err|     at tP (.next-e2e/server/chunks/x.js:1:46346)",
      ].join("\n"),
    );
    assert.equal(entries.length, 1);
    assert.match(entries[0].text, /Read more[\s\S]*at tP/);
  });

  it("reads Next's coloured lines without their colour codes", () => {
    const [entry] = errorEntries("out| \u001b[31m\u001b[1m⨯\u001b[22m\u001b[39m Error: x");
    assert.equal(entry.text, "⨯ Error: x");
  });

  it("reads untagged lines as stdout", () => {
    assert.deepEqual(unexpectedEntries("✓ Ready in 1s\nGET / 200", []), []);
    assert.equal(unexpectedEntries("✓ Ready\n ⨯ Error: x", []).length, 1);
  });

  it("reads the shop's JSON lines: info is no error; warn and error are, known by kind and the listed fields", () => {
    const file = logFile("json", [
      ...startup,
      ["stdout", shopJson("info", "store.catalog_write_retried", { attempt: 2 })],
      [
        "stdout",
        shopJson("warn", "auth.id_token_rejected", { err: { name: "FirebaseAuthError", code: "auth/id-token-expired", message: "x" } }),
      ],
      [
        "stdout",
        shopJson("warn", "auth.id_token_rejected", { err: { name: "FirebaseAuthError", code: "auth/internal-error", message: "x" } }),
      ],
      [
        "stdout",
        shopJson("error", "cart.action_failed", {
          err: { name: "TypeError", message: "boom", stack: "TypeError: boom\n    at f (x.js:1:1)" },
        }),
      ],
    ]);
    const [failure] = checkShopLogFiles([file], rateLimited);
    assert.deepEqual(
      failure.unexpected.map((entry) => [entry.line, entry.json?.kind]),
      [
        [6, "auth.id_token_rejected"],
        [7, "cart.action_failed"],
      ],
      "the listed kind with other fields, and an unlisted kind, fail; the listed one and the info line do not",
    );
    const message = describeLogFailures([failure]);
    assert.match(message, /line 7: \[error\] cart\.action_failed: cart\.action_failed happened \(TypeError: boom\)/);
    assert.match(message, /at f \(x\.js:1:1\)/);
  });

  it("still catches Next's own text errors between the shop's JSON lines, and a JSON line ends a text entry", () => {
    const entries = errorEntries(
      [
        `out| ${shopJson("info", "a.b")}`,
        "out|  ⨯ Error: failed to render /orders-page/[id]",
        "out|     at render (server.js:1:1)",
        `out| ${shopJson("info", "a.c")}`,
        "out|     at stray (server.js:2:2)",
        'out| {"not":"a shop line"}',
        "err| {broken json",
      ].join("\n"),
    );
    assert.deepEqual(
      entries.map((e) => [e.line, e.json === null, e.text.split("\n").length]),
      [
        [2, true, 2],
        [5, true, 1],
        [7, true, 1],
      ],
    );
  });

  it("knows a shop line by its JSON object with a level", () => {
    assert.equal(shopLine(shopJson("warn", "a.b"))?.kind, "a.b");
    assert.equal(shopLine('{"kind":"a.b"}'), null);
    assert.equal(shopLine("[1,2]"), null);
    assert.equal(shopLine("Error: {x}"), null);
  });

  it("finds a pass's files and gives a restarted shop a file of its own", () => {
    const first = freeShopLogPath("relisted", "abuse-4480", dir);
    openShopLog(first);
    const second = freeShopLogPath("relisted", "abuse-4480", dir);
    assert.notEqual(first, second);
    openShopLog(second);
    assert.deepEqual(shopLogsOfPass("relisted", dir), [first, second].sort());
  });

  it("refuses a listed line without its spec or reason, or with neither or both of kind and pattern", () => {
    assert.throws(() => parseExpectedLines({ lines: [{ pattern: "x", spec: "a.spec.ts" }] }), /"reason" is missing/);
    assert.throws(() => parseExpectedLines({ lines: [{ pattern: "x", reason: "r" }] }), /"spec" is missing/);
    assert.throws(() => parseExpectedLines({ lines: [{ spec: "a.spec.ts", reason: "r" }] }), /needs "kind"/);
    assert.throws(() => parseExpectedLines({ lines: [{ kind: "a.b", pattern: "x", spec: "a.spec.ts", reason: "r" }] }), /not both/);
    assert.throws(
      () => parseExpectedLines({ lines: [{ pattern: "x", match: {}, spec: "a.spec.ts", reason: "r" }] }),
      /"match" goes with "kind"/,
    );
  });
});

describe("the committed list of expected log lines", () => {
  const expected = loadExpectedLines();
  it('names existing specs (or "*", every shop start)', () => {
    for (const { spec } of expected) assert.ok(spec === "*" || existsSync(join("tests/e2e", spec)), `tests/e2e/${spec}`);
  });

  it("lists no pattern that matches a whole class of errors", () => {
    // Lines any defect could print: a listed pattern must match none of them.
    const generic = [
      "Error: boom",
      " ⨯ Error: failed to render /",
      "TypeError: Cannot read properties of undefined (reading 'id')",
      "Unhandled Rejection: boom",
      "Cart action failed Error: boom",
      "Cart store unavailable StoreError: unavailable",
      "change listener failed Error: boom",
      'Could not read the catalogue\'s version for a catalog event Error: "use cache" cannot be used outside of App Router. Expected a WorkStore.',
      "    at foo (file.js:1:1)",
      "",
    ];
    for (const { pattern, spec } of expected) {
      if (!pattern) continue;
      for (const line of generic) assert.ok(!pattern.test(line), `${pattern} (${spec}) matches the generic line ${JSON.stringify(line)}`);
    }
  });

  it("lists a kind any defect could log only with fields that pin one line", () => {
    // Kinds a catch-all logs, whatever went wrong: never expected as such.
    const generic = ["next.request_error", "cart.action_failed", "store.change_listener_failed", "live.stream_failed", "log.bad_kind"];
    for (const entry of expected) {
      if (entry.kind === undefined) continue;
      assert.ok(
        !generic.includes(entry.kind) || entry.match.some((m) => m.path === "err.message"),
        `${entry.kind} (${entry.spec}) is listed as a whole`,
      );
      assert.match(entry.kind, /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, "a kind as lib/log writes it");
    }
  });
});
