/**
 * The "go on" arrow after a link's text (the hero's and the category cards'
 * calls to action), hidden from screen readers: the link's words name it.
 * Drawn rather than typed: a "→" in the text would make the whole page a
 * two-byte string, which the server encodes far more slowly on every request
 * (docs/BENCHMARKS.md §10). Sized by the caller's CSS (1em by default).
 */
export function ArrowIcon({ className }: { className?: string }) {
  return (
    <svg className={className} width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12h13m-6-7 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
