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
 * - valid: the token, unmarked; and for an admin session, the rights asked
 *   of Firebase Auth again (admin-rights.ts): lost rights turn the session
 *   into a shopper's (isAdmin false, written back into the cookie), and a
 *   lookup that fails marks the read unverified like a store outage;
 * - older than SESSION_ABSOLUTE_MAX_S since its sign-in: ended, however often
 *   it was renewed (session-token.ts also never writes an expiry beyond it).
 */
import "server-only";
import type { JWT } from "next-auth/jwt";
import { adminRights } from "./admin-rights";
import { sessionStatus } from "./revocation";

/** The longest a session lives after its sign-in, rolled or not. */
export const SESSION_ABSOLUTE_MAX_S = 60 * 60 * 24 * 30;

/** Seconds since the epoch, as JWT claims count. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

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
  // Sessions issued before sign-in times were recorded start their 30 days now.
  presented.signedInAt ??= nowSeconds();
  if (nowSeconds() - presented.signedInAt > SESSION_ABSOLUTE_MAX_S) throw new SessionSignedOutError();
  const status = await sessionStatus(presented);
  if (status === "revoked") throw new SessionSignedOutError();
  if (status === "unavailable") return { ...presented, unverified: true };
  if (presented.isAdmin !== true) return presented;
  const rights = await adminRights.of(presented.uid ?? "");
  if (rights === "unavailable") return { ...presented, unverified: true };
  return rights === "admin" ? presented : { ...presented, isAdmin: false };
}
