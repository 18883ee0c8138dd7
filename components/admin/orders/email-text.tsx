import { Fragment } from "react";

/** Where an address may wrap: after "@", "-", "_" or "+", and before a dot. */
const SEAMS = /(?<=[@\-_+])|(?=\.)/;

/**
 * An email address that wraps only at its seams (<wbr> there, and the
 * `email` class keeps the cell from breaking it anywhere else), never inside
 * a name: "maximilian.wolfe-/…" rather than "maximil/ian.wol…".
 */
export function EmailText({ email, className }: { email: string; className: string }) {
  const parts = email.split(SEAMS);
  return (
    <span className={className} data-testid="customer-email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
