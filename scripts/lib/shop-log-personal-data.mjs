// The personal data check of an end-to-end pass's shop logs (scripts/e2e.mjs
// runs it after each pass, beside the check of unexpected error lines;
// tests/e2e/helpers/shop-process.ts as an extra shop stops): no line of any
// shop instance's log may hold
//   - anything shaped like an email address;
//   - a guest order's token in a URL (`?token=…`, lib/orders/guest-token.ts),
//     a JWT or JWE (an ID token, a session cookie's value), a session
//     cookie with its value;
//   - one of the names, street addresses, phone numbers and passwords the
//     specs type (tests/e2e/personal-data.json).
// lib/log keeps such things out of the shop's lines; this proves it on the
// logs of a whole pass, Next's own output included. A finding is reported by
// file, line and what it is, with the found text masked: the failure message
// is itself a log someone reads.
import { readFileSync } from "node:fs";

const PERSONAL_DATA_FILE = "tests/e2e/personal-data.json";

const SHAPES = [
  { what: "an email address", pattern: /[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g },
  { what: "a token in a URL", pattern: /[?&](?:token|id_token|access_token)=(?!\[redacted\])[A-Za-z0-9_.~%-]{8,}/g },
  { what: "a JWT or JWE", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_.-]*/g },
  { what: "a session cookie's value", pattern: /session-token=[^;\s",]{8,}/g },
];

/** The strings the specs type that no log may hold. */
export function loadKnownPersonalData(file = PERSONAL_DATA_FILE) {
  const { strings } = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(strings) || strings.some((s) => typeof s !== "string" || s.length < 5)) {
    throw new Error(`${file}: "strings" must be a list of strings of 5 characters or more`);
  }
  return strings;
}

/** A found text as the report shows it: its first 3 characters, the rest masked. */
function masked(text) {
  return `${text.slice(0, 3)}${"*".repeat(Math.min(12, Math.max(3, text.length - 3)))}`;
}

/** The personal data in a log's text: [{ line (1-based), what, found (masked) }]. */
export function personalDataIn(logText, known = loadKnownPersonalData()) {
  const findings = [];
  logText.split(/\r?\n/).forEach((text, index) => {
    for (const { what, pattern } of SHAPES) {
      for (const match of text.matchAll(pattern)) findings.push({ line: index + 1, what, found: masked(match[0]) });
    }
    for (const string of known) {
      if (text.includes(string)) findings.push({ line: index + 1, what: "a spec's personal data", found: masked(string) });
    }
  });
  return findings;
}

/** Checks log files: [{ file, findings }] for each file holding personal data (empty when none does); a missing file is empty. */
export function checkShopLogsForPersonalData(files, known = loadKnownPersonalData()) {
  const failures = [];
  for (const file of files) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if (error?.code !== "ENOENT") throw error;
    }
    const findings = personalDataIn(text, known);
    if (findings.length > 0) failures.push({ file, findings });
  }
  return failures;
}

/** The failure message: each file, then each finding with its line number. */
export function describePersonalData(failures, { maxFindings = 20 } = {}) {
  const parts = [];
  for (const { file, findings } of failures) {
    parts.push(`${file}: ${findings.length} line${findings.length === 1 ? "" : "s"} with personal data or a credential`);
    for (const { line, what, found } of findings.slice(0, maxFindings)) parts.push(`  line ${line}: ${what} (${found})`);
    if (findings.length > maxFindings) parts.push(`  … and ${findings.length - maxFindings} more`);
  }
  return parts.join("\n");
}
