// The check an end-to-end pass makes of each shop instance's log
// (scripts/lib/shop-log-file.mjs writes them): every error entry the shop
// printed must be one tests/e2e/expected-log-lines.json lists, with the spec
// that causes it and why; any other fails the pass.
//
// An error entry starts at
//   - any line on stderr: console.error and console.warn print there, and so
//     do Next's own "⨯" error lines, unhandled rejections and warnings;
//   - a stdout line that reads like an error: Next's "⨯", "Error:" (any
//     SomethingError:), an unhandled rejection or uncaught exception, a stack frame;
// and runs on through the lines that continue it: stack frames ("    at …"),
// "[cause]" and "... N lines matching" lines, Next's "Read more: <its docs>"
// line, and indented or closing-bracket stderr lines (an object
// console.error printed over several lines).
// An expected entry is one whose whole text (its lines joined with "\n")
// matches one listed pattern.
import { readFileSync } from "node:fs";
import { parseShopLogLine } from "./shop-log-file.mjs";

const EXPECTED_LOG_LINES_FILE = "tests/e2e/expected-log-lines.json";

const ERRORISH_STDOUT = /⨯|\b[A-Za-z]*Error:|unhandled ?rejection|uncaught ?exception|^\s+at\s/i;
const CONTINUES_ANY = /^\s+at\s|^\s*\.\.\. \d+ lines? matching|^\s*\[cause\]|^Read more: https:\/\/nextjs\.org\/docs\//;
const CONTINUES_STDERR = /^\s|^[}\])]+[,;]?$/;

/**
 * The expected entries: [{ pattern, spec, reason }] with pattern a RegExp.
 * A listed line without all three is refused: the list says why each line may appear.
 */
export function parseExpectedLines(json) {
  const list = Array.isArray(json) ? json : json?.lines;
  if (!Array.isArray(list)) throw new Error('expected log lines: no "lines" array');
  return list.map((entry, i) => {
    for (const key of ["pattern", "spec", "reason"]) {
      if (typeof entry?.[key] !== "string" || entry[key].trim() === "") throw new Error(`expected log lines [${i}]: "${key}" is missing`);
    }
    return { pattern: new RegExp(entry.pattern), spec: entry.spec, reason: entry.reason };
  });
}

export function loadExpectedLines(file = EXPECTED_LOG_LINES_FILE) {
  return parseExpectedLines(JSON.parse(readFileSync(file, "utf8")));
}

/** The error entries of a log's text: [{ line (1-based number of its first line), text }]. */
export function errorEntries(logText) {
  const entries = [];
  let open = null;
  logText.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === "") return;
    const { stream, text } = parseShopLogLine(raw);
    if (open && (CONTINUES_ANY.test(text) || (stream === "stderr" && CONTINUES_STDERR.test(text)))) {
      open.lines.push(text);
      return;
    }
    open = stream === "stderr" || ERRORISH_STDOUT.test(text) ? { line: index + 1, lines: [text] } : null;
    if (open) entries.push(open);
  });
  return entries.map(({ line, lines }) => ({ line, text: lines.join("\n") }));
}

/** The entry's listed expectation, or undefined. */
function expectationOf(entry, expected) {
  return expected.find((e) => e.pattern.test(entry.text));
}

/** The error entries of a log's text that no listed pattern matches. */
export function unexpectedEntries(logText, expected) {
  return errorEntries(logText).filter((entry) => !expectationOf(entry, expected));
}

/**
 * Checks log files: [{ file, unexpected: entries }] for each file with an unexpected entry
 * (empty when all are clean). A missing file counts as empty.
 */
export function checkShopLogFiles(files, expected = loadExpectedLines()) {
  const failures = [];
  for (const file of files) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if (error?.code !== "ENOENT") throw error;
    }
    const unexpected = unexpectedEntries(text, expected);
    if (unexpected.length > 0) failures.push({ file, unexpected });
  }
  return failures;
}

/** The failure message: each file, then each unexpected entry with its line number. */
export function describeLogFailures(failures, { maxEntries = 20 } = {}) {
  const parts = [];
  for (const { file, unexpected } of failures) {
    parts.push(
      `${file}: ${unexpected.length} unexpected error ${unexpected.length === 1 ? "entry" : "entries"} (not in ${EXPECTED_LOG_LINES_FILE})`,
    );
    for (const entry of unexpected.slice(0, maxEntries)) {
      const [first, ...rest] = entry.text.split("\n");
      parts.push(`  line ${entry.line}: ${first}`);
      for (const line of rest.slice(0, 8)) parts.push(`    ${line}`);
      if (rest.length > 8) parts.push(`    … ${rest.length - 8} more lines`);
    }
    if (unexpected.length > maxEntries) parts.push(`  … and ${unexpected.length - maxEntries} more`);
  }
  return parts.join("\n");
}
