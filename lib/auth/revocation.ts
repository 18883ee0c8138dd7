/**
 * Sign-out that really ends a session. A next-auth JWT is valid wherever it
 * is presented until it expires, so a cookie copied before Sign Out would
 * otherwise keep working. Each sign-in carries a random `sid`; Sign Out puts
 * it on the store's revocation list, and every place that trusts a session
 * asks the list, and its account's cut-off (account-sessions.ts), in one
 * store round trip; requests without a session cookie never get here, so
 * they cost none.
 */
import "server-only";
import { log } from "@/lib/log";
import type { JWT } from "next-auth/jwt";
import { getStore } from "@/lib/data";

/** Sessions roll: each session read re-issues the cookie for this long (lib/auth/options.ts). */
export const SESSION_MAX_AGE_S = 60 * 60 * 24 * 7;

const REVOKE_ATTEMPTS = 3;

/**
 * Whether the session this token belongs to must be refused. A token without
 * a sid was not issued by this shop's sign-in and cannot be revoked, so it is
 * refused too. Store failures propagate (sessionStatus turns them into
 * "unavailable").
 */
export async function isTokenRevoked(token: Pick<JWT, "sid" | "uid" | "signedInAt">): Promise<boolean> {
  if (typeof token.sid !== "string" || token.sid.length === 0) return true;
  // Its account's cut-off applies too (account-sessions.ts): a password reset ends the sessions signed in before it.
  const owner = token.uid && typeof token.signedInAt === "number" ? { uid: token.uid, signedInAt: token.signedInAt * 1000 } : undefined;
  return (await getStore()).isSessionRevoked(token.sid, owner);
}

export type SessionStatus = "valid" | "revoked" | "unavailable";

/**
 * isTokenRevoked without the throw: a lookup that fails (the store is down
 * or slow) is "unavailable", which every caller refuses without ending the
 * session, so an outage neither lets a signed-out cookie through nor signs
 * a shopper out. The failure is logged here, once per check.
 */
export async function sessionStatus(token: Pick<JWT, "sid" | "uid" | "signedInAt">): Promise<SessionStatus> {
  try {
    return (await isTokenRevoked(token)) ? "revoked" : "valid";
  } catch (error) {
    log.error("auth.revocation_lookup_failed", "The session could not be checked: the revocation lookup failed", error);
    return "unavailable";
  }
}

/**
 * Revokes the token's session until no copy of it can still be valid: a copy
 * may have been re-issued (rolled) by a session read up to this moment, so
 * the bound is now + the session lifetime, not the token's own exp.
 * Retried, because next-auth swallows a sign-out event's error and clears
 * the cookie anyway; a failure after the retries is logged loudly.
 */
export async function revokeToken(token: Pick<JWT, "sid"> | null | undefined): Promise<void> {
  const sid = token?.sid;
  if (typeof sid !== "string" || sid.length === 0) return;
  const expiresAt = Date.now() + SESSION_MAX_AGE_S * 1000;
  let lastError: unknown;
  for (let attempt = 1; attempt <= REVOKE_ATTEMPTS; attempt++) {
    try {
      await (await getStore()).revokeSession(sid, expiresAt);
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  log.error("auth.revoke_failed", "Sign-out could not revoke the session; a copied cookie stays valid until it expires", lastError);
  throw lastError;
}
