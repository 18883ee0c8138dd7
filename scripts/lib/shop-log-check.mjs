// The check an end-to-end pass makes of each shop instance's log
// (scripts/lib/shop-log-file.mjs writes them): every error entry the shop
// printed must be one tests/e2e/expected-log-lines.json lists, with the spec
// that causes it and why; any other fails the pass.
//
// The shop's own lines are JSON, one object per line (lib/log): a line whose
// level is "warn" or "error" is an error entry, known by its `kind`.
// Anything else is Next's or Node's own output, read as text. A text error
// entry starts at
//   - any line on stderr: Next's "⨯" error lines, unhandled rejections and
//     warnings print there (and any console call the lint missed);
//   - a stdout line that reads like an error: Next's "⨯", "Error:" (any
//     SomethingError:), an unhandled rejection or uncaught exception, a stack frame;
// and runs on through the lines that continue it: stack frames ("    at …"),
// "[cause]" and "... N lines matching" lines, Next's "Read more: <its docs>"
// line, and indented or closing-bracket stderr lines (an object printed over
// several lines).
// An expected entry is a JSON one whose kind a listed entry names, and whose
// fields match that entry's `match` (field path → regular expression), or a
// text one whose whole text (its lines joined with "\n") matches a listed
// `pattern`.
import { readFileSync } from "node:fs";
import { parseShopLogLine } from "./shop-log-file.mjs";

const EXPECTED_LOG_LINES_FILE = "tests/e2e/expected-log-lines.json";

const ERRORISH_STDOUT = /⨯|\b[A-Za-z]*Error:|unhandled ?rejection|uncaught ?exception|^\s+at\s/i;
const CONTINUES_ANY = /^\s+at\s|^\s*\.\.\. \d+ lines? matching|^\s*\[cause\]|^Read more: https:\/\/nextjs\.org\/docs\//;
const CONTINUES_STDERR = /^\s|^[}\])]+[,;]?$/;
const ERROR_LEVELS = new Set(["warn", "error", "fatal"]);

/** A shop log line (lib/log): a JSON object with a level, or null. */
export function shopLine(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return null;
  try {
    const value = JSON.parse(trimmed);
    return value && typeof value === "object" && !Array.isArray(value) && typeof value.level === "string" ? value : null;
  } catch {
    return null;
  }
}

function parseMatch(match, where) {
  if (match === undefined) return [];
  if (!match || typeof match !== "object" || Array.isArray(match)) throw new Error(`${where}: "match" is not an object`);
  return Object.entries(match).map(([path, pattern]) => {
    if (typeof pattern !== "string") throw new Error(`${where}: match "${path}" is not a string`);
    return { path, pattern: new RegExp(pattern) };
  });
}

/**
 * The expected entries: [{ kind, match, spec, reason }] for the shop's lines
 * ([{ path, pattern }] each) or [{ pattern, spec, reason }] for text lines.
 * A listed line without its spec and reason, or with neither or both of kind
 * and pattern, is refused: the list says why each line may appear.
 */
export function parseExpectedLines(json) {
  const list = Array.isArray(json) ? json : json?.lines;
  if (!Array.isArray(list)) throw new Error('expected log lines: no "lines" array');
  return list.map((entry, i) => {
    const where = `expected log lines [${i}]`;
    for (const key of ["spec", "reason"]) {
      if (typeof entry?.[key] !== "string" || entry[key].trim() === "") throw new Error(`${where}: "${key}" is missing`);
    }
    const hasKind = typeof entry.kind === "string" && entry.kind !== "";
    const hasPattern = typeof entry.pattern === "string" && entry.pattern !== "";
    if (hasKind === hasPattern) throw new Error(`${where}: needs "kind" (a shop line) or "pattern" (a text line), not both`);
    if (hasPattern) {
      if (entry.match !== undefined) throw new Error(`${where}: "match" goes with "kind"`);
      return { pattern: new RegExp(entry.pattern), spec: entry.spec, reason: entry.reason };
    }
    return { kind: entry.kind, match: parseMatch(entry.match, where), spec: entry.spec, reason: entry.reason };
  });
}

export function loadExpectedLines(file = EXPECTED_LOG_LINES_FILE) {
  return parseExpectedLines(JSON.parse(readFileSync(file, "utf8")));
}

/**
 * The error entries of a log's text: [{ line (1-based number of its first line), text, json }],
 * json being the shop's parsed line, or null for a text entry.
 */
export function errorEntries(logText) {
  const entries = [];
  let open = null;
  logText.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === "") return;
    const { stream, text } = parseShopLogLine(raw);
    const json = shopLine(text);
    if (json) {
      open = null;
      if (ERROR_LEVELS.has(json.level)) entries.push({ line: index + 1, lines: [text.trim()], json });
      return;
    }
    if (open && (CONTINUES_ANY.test(text) || (stream === "stderr" && CONTINUES_STDERR.test(text)))) {
      open.lines.push(text);
      return;
    }
    open = stream === "stderr" || ERRORISH_STDOUT.test(text) ? { line: index + 1, lines: [text], json: null } : null;
    if (open) entries.push(open);
  });
  return entries.map(({ line, lines, json }) => ({ line, text: lines.join("\n"), json }));
}

/** A field of a shop line by dotted path ("err.code"), as text ("" when absent). */
function fieldText(json, path) {
  const value = path.split(".").reduce((at, key) => (at && typeof at === "object" ? at[key] : undefined), json);
  return value === undefined || value === null ? "" : String(value);
}

/** The entry's listed expectation, or undefined. */
function expectationOf(entry, expected) {
  if (entry.json) {
    return expected.find(
      (e) => e.kind === entry.json.kind && e.match.every(({ path, pattern }) => pattern.test(fieldText(entry.json, path))),
    );
  }
  return expected.find((e) => e.pattern?.test(entry.text));
}

/** The error entries of a log's text that nothing listed expects. */
export function unexpectedEntries(logText, expected) {
  return errorEntries(logText).filter((entry) => !expectationOf(entry, expected));
}

/** A file's text; a missing file counts as empty. */
function readShopLog(file) {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (error?.code !== "ENOENT") throw error;
    return "";
  }
}

/**
 * Checks log files: [{ file, unexpected: entries }] for each file with an unexpected entry
 * (empty when all are clean).
 */
export function checkShopLogFiles(files, expected = loadExpectedLines()) {
  const failures = [];
  for (const file of files) {
    const unexpected = unexpectedEntries(readShopLog(file), expected);
    if (unexpected.length > 0) failures.push({ file, unexpected });
  }
  return failures;
}

/** How an entry is shown: a shop line as its kind, message and error, a text entry as it is. */
function shownLines(entry) {
  if (!entry.json) return entry.text.split("\n");
  const { level, kind, msg, err } = entry.json;
  const error = err ? ` (${[err.name, err.code, err.message].filter((part) => part !== undefined && part !== "").join(": ")})` : "";
  const stack = typeof err?.stack === "string" ? err.stack.split("\n").slice(1) : [];
  return [`[${level}] ${kind}: ${msg}${error}`, ...stack];
}

/** The failure message: each file, then each unexpected entry with its line number. */
export function describeLogFailures(failures, { maxEntries = 20 } = {}) {
  const parts = [];
  for (const { file, unexpected } of failures) {
    parts.push(
      `${file}: ${unexpected.length} unexpected error ${unexpected.length === 1 ? "entry" : "entries"} (not in ${EXPECTED_LOG_LINES_FILE})`,
    );
    for (const entry of unexpected.slice(0, maxEntries)) {
      const [first, ...rest] = shownLines(entry);
      parts.push(`  line ${entry.line}: ${first}`);
      for (const line of rest.slice(0, 8)) parts.push(`    ${line}`);
      if (rest.length > 8) parts.push(`    … ${rest.length - 8} more lines`);
    }
    if (unexpected.length > maxEntries) parts.push(`  … and ${unexpected.length - maxEntries} more`);
  }
  return parts.join("\n");
}
