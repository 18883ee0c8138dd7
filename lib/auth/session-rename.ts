/**
 * Writes this browser's session cookie again under a new display name, the
 * way next-auth re-issues it on every read (session-token.ts, revocation.ts's
 * SESSION_MAX_AGE_S): same session (sid, sign-in time, rights), new name. The
 * header reads the name from the session, so it names the shopper anew at
 * once; sessions in other browsers keep the name they signed in with until
 * their next sign-in. Only for a request whose session was just checked
 * (currentUser()), and only for that session's own account.
 */
import "server-only";
import { cookies } from "next/headers";
import { sessionCookie } from "@/lib/cookies";
import { serverEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { authOptions } from "./options";
import { SESSION_MAX_AGE_S } from "./revocation";
import { decodeSessionToken, encodeSessionToken } from "./session-token";

/** Renames the request's session of `uid`; does nothing when the cookie is gone or names another account. */
export async function renameSession(uid: string, name: string): Promise<void> {
  const cookie = sessionCookie(serverEnv());
  // The secret next-auth itself signs and reads the cookie with (lib/env.ts requires it in production).
  const secret = authOptions().secret;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: the session cannot be written again (npm run start:local sets one)");
  const jar = await cookies();
  const presented = jar.get(cookie.name)?.value;
  const token = presented ? await decodeSessionToken({ token: presented, secret }) : null;
  if (token?.uid !== uid) {
    // The session was checked moments ago in this request: only a sign-out racing the change gets here.
    log.warn("auth.session_rename_skipped", "The session cookie was not renamed: it is gone or names another account");
    return;
  }
  const renamed = await encodeSessionToken({ token: { ...token, name }, secret, maxAge: SESSION_MAX_AGE_S });
  jar.set(cookie.name, renamed, { ...cookie.options, maxAge: SESSION_MAX_AGE_S });
}
