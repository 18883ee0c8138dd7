/**
 * How next-auth writes and reads the session cookie's JWT. next-auth re-issues the
 * cookie on every session read with a fresh expiry (the session rolls).
 * Revocation relies on that roll happening only after a successful check:
 * a sign-out keeps the sid on the revocation list for one session lifetime,
 * which outlives every copy rolled before it (revocation.ts). A token read
 * while the store was down (marked `unverified` by session-check.ts) may be
 * a signed-out one, so it is re-issued with its own expiry, not extended,
 * and without the mark: the next read checks it from scratch. A cookie that
 * does not read back (forged, damaged, made with another secret, expired)
 * is refused as SessionCookieUnreadable, which the auth logger
 * (auth-logger.ts) tells from a real error.
 */
import "server-only";
import { decode, encode, type JWT, type JWTDecodeParams, type JWTEncodeParams } from "next-auth/jwt";
import { SESSION_ABSOLUTE_MAX_S, nowSeconds } from "./session-check";

export async function encodeSessionToken(params: JWTEncodeParams): Promise<string> {
  const token = params.token;
  if (!token?.unverified) return encode({ ...params, maxAge: cappedMaxAge(params.maxAge, token?.signedInAt) });
  const unmarked = { ...token };
  delete unmarked.unverified;
  return encode({ ...params, token: unmarked, maxAge: secondsLeft(token.exp) });
}

/** A presented session cookie that does not decode with this shop's secret: no session. */
export class SessionCookieUnreadable extends Error {
  constructor(cause: unknown) {
    super(reasonOf(cause), { cause });
    this.name = "SessionCookieUnreadable";
  }
}

/** jose's code (ERR_JWE_INVALID, …: a production build minifies its class names away), else the error's name, and its message. */
function reasonOf(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  const kind = typeof code === "string" && code ? code : cause.name;
  return kind ? `${kind}: ${cause.message}` : cause.message;
}

/** next-auth's own decode; what it throws for the presented cookie becomes SessionCookieUnreadable. */
export async function decodeSessionToken(params: JWTDecodeParams): Promise<JWT | null> {
  try {
    return await decode(params);
  } catch (error) {
    throw new SessionCookieUnreadable(error);
  }
}

/** A roll never carries a session past SESSION_ABSOLUTE_MAX_S after its sign-in. */
function cappedMaxAge(maxAge: number | undefined, signedInAt: unknown): number | undefined {
  if (typeof signedInAt !== "number" || maxAge === undefined) return maxAge;
  return Math.max(0, Math.min(maxAge, signedInAt + SESSION_ABSOLUTE_MAX_S - nowSeconds()));
}

/** Seconds until a JWT `exp` claim; 0 (already expired) when it is missing. */
function secondsLeft(exp: unknown): number {
  return typeof exp === "number" ? Math.max(0, exp - Math.floor(Date.now() / 1000)) : 0;
}
