// The "Search engine choice" section of docs/BENCHMARKS.md is measured by its
// own scripts (bench/search-engines.mjs, bench/search-store.mjs), not by
// `npm run bench`: a run that rewrites the report keeps it as it was.
import { spliceSection } from "./report-format.mjs";

const HEADING = "## Search engine choice";

/** `report` with the search choice section of `previous` (if it had one) kept at its end. */
export function keepSearchChoiceSection(previous, report) {
  const at = previous.indexOf(`\n${HEADING}`);
  if (at < 0) return report;
  const after = previous.indexOf("\n## ", at + 1);
  const section = previous.slice(at + 1, after >= 0 ? after + 1 : undefined);
  return spliceSection(report, HEADING, section.endsWith("\n") ? section : `${section}\n`);
}
