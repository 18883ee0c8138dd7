"use client";

/** Shown when a server part of a page fails; the shopper can retry without losing the page. */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="page">
      <h1>Something went wrong</h1>
      <p className="status-text">
        We could not load this page.{" "}
        <button type="button" onClick={reset}>
          Try again
        </button>
      </p>
    </div>
  );
}
