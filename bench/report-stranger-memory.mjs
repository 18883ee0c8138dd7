// What held section 13's memory (issue 38, item 16), and its fix: found apart from the
// bench, by hand, on 2026-11-29, and written here so that every re-run of
// `npm run bench -- --only stranger-paths` keeps it under its figures.
// Formatting only; the figures are those of the runs it names, not of the
// bench's run. Revisit it when next, react or Node is upgraded.

export const STRANGER_MEMORY_FINDINGS = [
  "### What held the memory, and the fix",
  "",
  "Measured apart from this run: the same SQLite shop sent 600 unique searches that find nothing, 8 at a time (each",
  "such page is rendered, never kept), resident memory at the end, from about 190 MB at the start of each run:",
  "",
  "| the shop's server process | after 600 searches |",
  "| --- | ---: |",
  "| as built, next 16.4.5 | 913 MB |",
  "| next 16.4.6, the newest release (its `dist/server` differs from 16.4.5 in version strings and one header fix) | 872 MB |",
  "| each abort reason's stack formatted as it is aborted (a preload wrapping `AbortController.prototype.abort`) | 613 MB |",
  "| `node --stack-trace-limit=0` (no stack in any error) | 492 MB (538 MB at 450) |",
  "",
  "A heap snapshot after 300 of them (taken after a full collection) shows what kept each render, through",
  "objects of Next, React and Node only, none of the shop's: the request's work store keeps",
  "`pendingRevalidateWrites`, the promise of a `'use cache'` entry's write, whose async context is the entry's",
  "fill; that fill's `cacheController` keeps its abort reason, React's `Error` \"This render completed",
  'successfully…", whose stack was never formatted, so V8 keeps its frames with their receivers: here the native',
  "`Immediate` whose callback ended the render. A run `Immediate` keeps its stale `_idleNext`/`_idlePrev` links to",
  "the others of its batch, each with the async context (the stores) of another request's render. So renders kept",
  "each other, and any request in flight kept the whole chain: 5,310 `Immediate`s and 421 such errors alive after",
  "300 searches. It is the mechanism of nodejs/node#66129 (an error made in an immediate keeps every immediate of",
  "its batch) and vercel/next.js#97899 (errors' unformatted frames pin the render), on the `'use cache'` fills of",
  "vercel/next.js#97363/#97776, whose fix (#97476) 16.4.5 carries.",
  "",
  "The fix (2026-12-01): as the server process starts, `lib/memory/unlink-run-immediates.ts` makes each",
  "`setImmediate` callback cut, as it starts, the links between its Immediate and the one run before it; Node has",
  "already moved past them (`tests/unlink-run-immediates.test.ts` shows Node's own retention and its release).",
  "Measured the same day on one build, 3,000 unique paths of this section's four kinds: 1,328 MB resident at the end",
  "without it, 614 MB with it. Before it, a 384 MB heap ran out after about 90 s of unique searches; with it, the",
  "first run above serves all 10,000 paths within that heap (two such runs that day: resident at most 425 and",
  '517 MB). Resident memory still rises until the heap is full, then stays below it, so "flat" over the second half',
  "depends on when the heap fills; the bound is the heap. Without a heap setting V8 lets garbage fill much of the",
  "heap it sizes from the machine (4 GiB here) before collecting it all, as the second run shows: a self-hosted",
  "instance sets its heap (docs/DEPLOY.md). Revisit the fix when Node is upgraded (the test's first case says when",
  "Node no longer keeps the links).",
  "",
];
