/**
 * What the jwt callback does with an existing session on every read of it
 * (/api/auth/session and getServerSession alike). next-auth v4 has two
 * answers only: a token it re-issues, or a throw, after which it answers
 * "no session" and clears the cookie. So:
 * - signed out (revoked, or a token without a sid): throw, the session ends;
 * - the revocation lookup failed: the store cannot prove either way, and
 *   ending the session would sign a shopper out for an outage. The token is
 *   returned marked `unverified`, which keeps the cookie (re-issued with its
 *   own expiry, never extended: session-token.ts) while the session callback
 *   and currentUser() refuse it as "unavailable" (fail closed, not out);
 * - valid: the token, unmarked.
 */
import "server-only";
import type { JWT } from "next-auth/jwt";
import { sessionStatus } from "./revocation";

export class SessionSignedOutError extends Error {
  constructor() {
    super("This session was signed out");
    this.name = "SessionSignedOutError";
  }
}

export async function checkedToken(token: JWT): Promise<JWT> {
  // A mark is only ever the answer of one read: each read checks afresh.
  const presented: JWT = { ...token };
  delete presented.unverified;
  const status = await sessionStatus(presented);
  if (status === "revoked") throw new SessionSignedOutError();
  return status === "unavailable" ? { ...presented, unverified: true } : presented;
}
