/**
 * Revoked sessions: a signed-out session's id, kept until the session could
 * no longer be presented anyway, so a copy of its cookie is refused.
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

export interface SessionStore {
  /**
   * Records that the session `sid` is over. `expiresAt` (ms since the epoch)
   * is when the record may be forgotten; revoking again keeps the later one.
   */
  revokeSession(sid: string, expiresAt: number): Promise<void>;
  /** true while `sid` is revoked (until its expiresAt); one read. */
  isSessionRevoked(sid: string): Promise<boolean>;
}
