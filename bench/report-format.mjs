// How docs/BENCHMARKS.md writes a figure, the same in every section.

/** A whole number with thousands separators: 1,234. */
export const n0 = (x) => Math.round(x).toLocaleString("en-US");
/** One decimal: 0.0. */
export const n1 = (x) => x.toFixed(1);
/** Bytes as kB (1,000 bytes), one decimal. */
export const kB = (bytes) => (bytes / 1000).toFixed(1);
// CLS's target is exactly 0: a small shift must not round to "0.000".
export const cls = (x) => (x === 0 ? "0" : x >= 0.001 ? x.toFixed(3) : x.toExponential(1));
/**
 * A target's verdict where the emulator itself cannot meet it: the same
 * store calls, made bare, outlast the store's deadline too. Said as such,
 * never as met, and counted apart from the missed (docs/FIRESTORE.md says
 * why the emulator's times are not Firestore's).
 */
export const EMULATOR_BOUND = "emulator-bound";
/** A target's verdict: "met", "emulator-bound", or "missed" in bold. */
export const mark = (met) => (met === EMULATOR_BOUND ? "emulator-bound, not met" : met ? "met" : "**missed**");
/** A section's targets as a table: each target, this run's figure, met or missed. */
export function targetsTable(targets) {
  return ["| target | this run | |", "| --- | ---: | --- |", ...targets.map((t) => `| ${t.target} | ${t.figure} | ${mark(t.met)} |`)];
}
/** A section's "Targets" part: its heading, how many were missed, the table. */
export function sectionTargets(targets) {
  const missed = targets.filter((t) => !t.met).length;
  const bound = targets.filter((t) => t.met === EMULATOR_BOUND).length;
  const boundNote =
    bound === 0 ? "" : ` ${bound} emulator-bound (not met, not counted as missed: the bare store calls outlast the deadline too).`;
  return [
    "### Targets",
    "",
    (missed === 0 && bound === 0
      ? "Every target of this section is met."
      : `${missed} of ${targets.length} targets of this section missed.`) + boundNote,
    "",
    ...targetsTable(targets),
    "",
  ];
}
/** Which source a run measured: the commit, and how many source files it had changed but not committed. */
export function treeLine(tree) {
  if (!tree) return [];
  const dirty = tree.uncommittedSourceFiles;
  const files = dirty === 1 ? "1 source file" : `${dirty} source files`;
  return [`Source: commit ${tree.commit}${dirty ? `, with ${files} changed but not committed (the build includes them)` : ""}.`];
}
/** A share as a whole percentage: 56 %. */
export const pct = (x) => `${Math.round(x * 100)} %`;
/**
 * Where reads came from, in a table cell: a Firestore collection as is, a
 * SQLite statement shortened (its column list elided) in code style.
 */
export function source(name) {
  const sql = name.replace(/^SELECT (?!COUNT\b)(.{24,}?) FROM /i, "SELECT … FROM ");
  const short = sql.length > 90 ? `${sql.slice(0, 89)}…` : sql;
  return `\`${short.replaceAll("|", "\\|")}\``;
}
/**
 * `report` with the section under `heading` (up to the next `## ` heading)
 * replaced by `section` (which starts with "\n" + its heading), or with
 * `section` added at the end; every other section as it was.
 */
export function spliceSection(report, heading, section) {
  const at = report.indexOf(`\n${heading}`);
  if (at < 0) return report.replace(/\n+$/, "\n") + section;
  const after = report.indexOf("\n## ", at + 1);
  return report.slice(0, at) + section + (after >= 0 ? report.slice(after) : "");
}
