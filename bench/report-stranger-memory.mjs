// What holds section 13's memory (issue 38, item 16): found apart from the
// bench, by hand, on 2026-11-29, and written here so that every re-run of
// `npm run bench -- --only stranger-paths` keeps it under its figures.
// Formatting only; the figures are those of the runs it names, not of the
// bench's run. Revisit it when next, react or Node is upgraded.

export const STRANGER_MEMORY_FINDINGS = [
  "### What holds the memory (upstream; not fixed)",
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
  "A heap snapshot after 300 of them (taken after a full collection) shows what keeps each render, through",
  "objects of Next, React and Node only, none of the shop's: the request's work store keeps",
  "`pendingRevalidateWrites`, the promise of a `'use cache'` entry's write, whose async context is the entry's",
  "fill; that fill's `cacheController` keeps its abort reason, React's `Error` \"This render completed",
  'successfully…", whose stack was never formatted, so V8 keeps its frames with their receivers: here the native',
  "`Immediate` whose callback ended the render. A run `Immediate` keeps its stale `_idleNext`/`_idlePrev` links to",
  "the others of its batch, each with the async context (the stores) of another request's render. So renders keep",
  "each other, and any request in flight keeps the whole chain: 5,310 `Immediate`s and 421 such errors alive after",
  "300 searches. It is the mechanism of nodejs/node#66129 (an error made in an immediate keeps every immediate of",
  "its batch) and vercel/next.js#97899 (errors' unformatted frames pin the render), on the `'use cache'` fills of",
  "vercel/next.js#97363/#97776, whose fix (#97476) 16.4.5 carries. When the load pauses the chain can break and",
  "the collector frees much of it: a fall between samples above is that, not a bound; the peak is the figure.",
  "",
  "An empty app on the same next, react and Node does not show it: `cacheComponents`, one route",
  "`app/search/[...q]` whose `generateStaticParams` returns `~`, a page that awaits its params and calls a",
  "`'use cache'` function of the query (`cacheTag`, `cacheLife(\"hours\")`), with and without the shop's two cache",
  "handlers (`cache-handlers/`), sent 2,000 unique paths 8 at a time: heap after a forced collection 23 → 51 MB,",
  "what its page caches hold. What in the shop's render makes its fills end inside a native `Immediate` is not",
  "isolated yet. Until upstream fixes it, a self-hosted process needs a memory limit and a supervisor that",
  "restarts it (docs/DEPLOY.md).",
  "",
];
