// Sections of docs/BENCHMARKS.md measured by their own scripts, not by
// `npm run bench`: a run that rewrites the whole report keeps each as it was.
// - "15. The sales dashboard at 100,000 orders": bench/dashboard-reads.mts.
// - "17. A soak": bench/soak.mjs.
// - "18. What a page view costs": bench/page-views.mjs.
// - "Search engine choice": bench/search-engines.mjs and bench/search-store.mjs.

export const DASHBOARD_READS_HEADING = "## 15. The sales dashboard at 100,000 orders";
export const SOAK_HEADING = "## 17. A soak: 20 minutes of shoppers";
export const PAGE_VIEWS_HEADING = "## 18. What a page view costs, and what the router's prefetches add";

/** The section under `heading` in `previous` ("\n" + heading … up to the next `## `), or "" when it has none. */
export function keptSection(previous, heading) {
  const at = previous.indexOf(`\n${heading}`);
  if (at < 0) return "";
  const after = previous.indexOf("\n## ", at + 1);
  const section = previous.slice(at, after >= 0 ? after : undefined);
  return section.endsWith("\n") ? section : `${section}\n`;
}
