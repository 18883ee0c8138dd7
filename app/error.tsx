"use client";

import { isRateLimitedMessage } from "@/lib/security/rate-limit-messages";

/**
 * Shown when a server part of a page fails, or a form's action is refused on
 * its way (a rate limit's refusal is shown in its own words); the shopper can
 * retry without losing the page.
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const limited = isRateLimitedMessage(error.message);
  return (
    <div className="page">
      <h1>{limited ? "Please slow down" : "Something went wrong"}</h1>
      <p className="status-text">
        {limited ? error.message : "We could not load this page."}{" "}
        <button type="button" onClick={reset}>
          Try again
        </button>
      </p>
    </div>
  );
}
