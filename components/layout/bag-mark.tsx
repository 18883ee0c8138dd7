/** The shop's bag mark in the header's colours (public/logo.svg is the version for light backgrounds). */
export function BagMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="5" y="10" width="22" height="19" rx="4" fill="#f59e0b" />
      <path d="M11 13V9a5 5 0 0 1 10 0v4" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
