/**
 * Ended sessions: a signed-out session's id, and an account's cut-off (every
 * session of that account signed in before it is over: a password reset ends
 * the others), each kept until the sessions it ends could no longer be
 * presented anyway, so a copy of their cookies is refused.
 */
import { notReserved, RESERVED_ID_MESSAGE } from "./fields";
import { LIMITS } from "./limits";
import { z } from "./zod";

/** The random id of one sign-in (next-auth's JWT carries it as `sid`). */
export const sessionIdSchema = z
  .string({ error: "Session id must be a string" })
  .regex(/^[A-Za-z0-9_-]+$/, "Session id may only contain letters, digits, _ and -")
  .max(LIMITS.idMax, `Session id must be at most ${LIMITS.idMax} characters`)
  .refine(notReserved, `Session id ${RESERVED_ID_MESSAGE}`);

// Milliseconds, not seconds: a JWT's `exp` is in seconds, and passing it
// unconverted would be a date in 1970 (below the floor) and revoke nothing.
const MILLIS_FLOOR = Date.UTC(2020, 0, 1);
const REVOCATION_HORIZON_MS = 366 * 24 * 60 * 60 * 1000;

/** When a revocation may be forgotten: the latest moment the revoked session could still be presented. */
export const revocationExpirySchema = z
  .number({ error: "Expiry must be a number" })
  .int("Expiry must be whole milliseconds")
  .min(MILLIS_FLOOR, "Expiry must be milliseconds since the epoch (not seconds)")
  .refine((ms) => ms <= Date.now() + REVOCATION_HORIZON_MS, "Expiry must be within a year from now");

/** A moment in milliseconds since the epoch, from 2020 to a day ahead (a clock a little ahead of ours). */
export const instantSchema = z
  .number({ error: "Time must be a number" })
  .int("Time must be whole milliseconds")
  .min(MILLIS_FLOOR, "Time must be milliseconds since the epoch (not seconds)")
  .refine((ms) => ms <= Date.now() + 24 * 60 * 60 * 1000, "Time must not be more than a day ahead");

/** Whose a session is and when it was signed in (ms since the epoch): its account's cut-off applies to it. */
export interface SessionOwner {
  uid: string;
  signedInAt: number;
}

export interface SessionStore {
  /**
   * Records that the session `sid` is over. `expiresAt` (ms since the epoch)
   * is when the record may be forgotten; revoking again keeps the later one.
   */
  revokeSession(sid: string, expiresAt: number): Promise<void>;
  /**
   * Ends every session of the account `uid` signed in before `before` (ms
   * since the epoch). `expiresAt` is when the record may be forgotten; ending
   * again keeps the later of each.
   */
  endAccountSessions(uid: string, before: number, expiresAt: number): Promise<void>;
  /**
   * true while `sid` is revoked (until its expiresAt), or, given its owner,
   * while the owner's account has ended the sessions signed in before it;
   * one round trip.
   */
  isSessionRevoked(sid: string, owner?: SessionOwner): Promise<boolean>;
}
