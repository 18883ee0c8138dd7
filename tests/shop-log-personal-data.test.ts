import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import {
  checkShopLogsForPersonalData,
  describePersonalData,
  loadKnownPersonalData,
  personalDataIn,
} from "../scripts/lib/shop-log-personal-data.mjs";

// After each e2e pass (scripts/e2e.mjs) and as an extra shop stops (tests/e2e/helpers/shop-process.ts),
// a shop log holding personal data or a credential fails the pass.
const dir = mkdtempSync(join(tmpdir(), "shop-log-personal-data-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const known = ["Ada Guest", "221B Baker Street", "journey-pass-1"];

/** A clean log as a pass writes it: Next's start-up, the shop's JSON lines, Next's own error text. */
const CLEAN = [
  "out| ▲ Next.js 16.4.5",
  "out| ✓ Ready in 127ms",
  'out| {"level":"warn","time":"2026-01-02T03:04:05.000Z","pid":4242,"reqId":"AbCdEfGhIjKlMnOp","route":"/orders-page/o1","kind":"email.retry_scheduled","outboxId":"Paevc7GPWUBlOQ2Acp3T","lastError":"550 <[email]>: no such mailbox","msg":"An outbox email was not sent"}',
  'out| {"level":"warn","kind":"auth.session_cookie_refused","reason":"ERR_JWE_INVALID: see [jwt] and ?token=[redacted]","msg":"Session cookie refused"}',
  "out|  ⨯ Error: failed to render /orders-page/[id] (react-dom@19.3.1, node_modules/@next/env)",
].join("\n");

describe("the personal data check of shop logs", () => {
  it("passes a clean log: scrubbed values, ids, package versions and paths are no personal data", () => {
    assert.deepEqual(personalDataIn(CLEAN, known), []);
  });

  it("catches a planted email address, a spec's name, street or password, a guest token, a JWT and a session cookie", () => {
    const planted = {
      email: 'out| {"level":"error","kind":"email.given_up","lastError":"550 <ada.guest-1234@example.com>: no such mailbox"}',
      name: 'out| {"level":"info","kind":"orders.placed","note":"for Ada Guest"}',
      street: "err| Error: could not geocode 221B Baker Street",
      password: "out| sign-in with journey-pass-1 failed",
      token: "out|  ⨯ Error: failed to render /orders-page/o1?token=Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg",
      jwt: 'out| {"level":"warn","kind":"auth.id_token_rejected","err":{"message":"bad eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2ln"}}',
      cookie: "err| Cookie: __Secure-next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..abc.def.ghi",
    };
    for (const [what, line] of Object.entries(planted)) {
      const findings = personalDataIn(`${CLEAN}\n${line}`, known);
      assert.ok(findings.length > 0, `${what} not caught`);
      assert.ok(
        findings.every((f) => f.line === 6),
        `${what}: the planted line, numbered`,
      );
    }
  });

  it("checks files, names each finding by file and line, and masks what it found", () => {
    const clean = join(dir, "clean.log");
    const leaky = join(dir, "leaky.log");
    writeFileSync(clean, CLEAN);
    writeFileSync(leaky, `${CLEAN}\nout| shipping to 221B Baker Street for someone@example.org\n`);
    const failures = checkShopLogsForPersonalData([clean, leaky, join(dir, "missing.log")], known);
    assert.deepEqual(
      failures.map((f) => [f.file, f.findings.length]),
      [[leaky, 2]],
    );
    const message = describePersonalData(failures);
    assert.match(message, /leaky\.log: 2 lines with personal data/);
    assert.match(message, /line 6: an email address \(som\*+\)/);
    assert.match(message, /line 6: a spec's personal data \(221\*+\)/);
    assert.doesNotMatch(message, /someone@example\.org|Baker Street/, "the report does not repeat what it found");
  });
});

describe("the committed list of the specs' personal data", () => {
  it("names strings a spec or helper still types, each distinctive enough to search for", () => {
    const sources = ["tests/e2e", "tests/e2e/helpers"].flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => readFileSync(join(folder, name), "utf8")),
    );
    const strings = loadKnownPersonalData();
    assert.ok(strings.length >= 10);
    for (const string of strings)
      assert.ok(
        sources.some((source) => source.includes(string)),
        `${string} is in no spec or helper`,
      );
  });
});
