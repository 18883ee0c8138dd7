// Where an end-to-end pass keeps each shop instance's whole output, and how
// it is written: one file per pass and instance, test-results/shop-logs/
// <pass>-<name>.log, one line per printed line, tagged with its stream
// ("out| " for stdout, "err| " for stderr), so scripts/lib/shop-log-check.mjs
// can tell console.error/console.warn output from the rest.
import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const SHOP_LOG_DIR = join("test-results", "shop-logs");

const TAGS = { stdout: "out| ", stderr: "err| " };

/** The log file of instance `name` in pass `pass` (names are reduced to [a-z0-9.-]). */
export function shopLogPath(pass, name, dir = SHOP_LOG_DIR) {
  const safe = (s) =>
    String(s)
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, "-");
  return join(dir, `${safe(pass)}-${safe(name)}.log`);
}

/**
 * A free log path for instance `name` in pass `pass`: `name`, else `name-2`, `name-3`…
 * (a spec that restarts its shop gets one file per start).
 */
export function freeShopLogPath(pass, name, dir = SHOP_LOG_DIR) {
  for (let n = 1; ; n++) {
    const file = shopLogPath(pass, n === 1 ? name : `${name}-${n}`, dir);
    if (!existsSync(file)) return file;
  }
}

/** Creates (empties) the file and returns a writer of one printed line at a time, written synchronously so nothing is lost at exit. */
export function openShopLog(file) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, "");
  return {
    file,
    write(line, stream) {
      appendFileSync(file, `${TAGS[stream] ?? TAGS.stdout}${line}\n`);
    },
  };
}

/** Terminal colour codes, which Next prints around its marks (▲, ✓, ⨯). */
const COLOURS = /\u001b\[[0-9;]*m/g;

/** Splits a log file's line into its stream and its text without colour codes; an untagged line counts as stdout. */
export function parseShopLogLine(line) {
  const [stream, rest] = line.startsWith(TAGS.stderr)
    ? ["stderr", line.slice(TAGS.stderr.length)]
    : ["stdout", line.startsWith(TAGS.stdout) ? line.slice(TAGS.stdout.length) : line];
  return { stream, text: rest.replace(COLOURS, "") };
}

/** The log files of one pass. */
export function shopLogsOfPass(pass, dir = SHOP_LOG_DIR) {
  if (!existsSync(dir)) return [];
  const prefix = basename(shopLogPath(pass, "", dir), ".log");
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".log"))
    .sort()
    .map((name) => join(dir, name));
}

/** Removes a pass's log files from an earlier run, so only this run's are checked. */
export function clearShopLogsOfPass(pass, dir = SHOP_LOG_DIR) {
  for (const file of shopLogsOfPass(pass, dir)) rmSync(file, { force: true });
}
