/**
 * An account's sessions end where Firebase Auth ends its tokens. Firebase
 * records, on the account, the moment before which no token of it counts
 * (`tokensValidAfterTime`: set when the password is reset or changed, the
 * email changed, or the tokens revoked). Each sign-in reads it and records
 * it in the store as the account's cut-off (SessionStore.endAccountSessions),
 * so every session of the account signed in before it, in any browser, is
 * refused at its next read on every instance (revocation.ts): a shopper who
 * reset a forgotten password is signed in where they reset it, and nowhere
 * else.
 */
import "server-only";
import { log } from "@/lib/log";
import { getStore } from "@/lib/data";
import { SESSION_ABSOLUTE_MAX_S } from "./session-check";
import { callFirebaseAuth } from "./firebase-auth-call";

const SESSION_LIFETIME_MS = SESSION_ABSOLUTE_MAX_S * 1000;

/**
 * The cut-off to record for Firebase's `tokensValidAfterTime` at `now`, and
 * when the record may be forgotten; null when there is none, or it is too old
 * to end a session (a session lives at most SESSION_ABSOLUTE_MAX_S after its
 * sign-in). Never after `now`'s whole second: the session being signed in
 * (its signedInAt is whole seconds, taken after this) must not end with the
 * others, however far Firebase's clock runs ahead of ours.
 */
export function sessionCutoff(tokensValidAfterTime: string | undefined, now: number): { before: number; expiresAt: number } | null {
  const cutoff = tokensValidAfterTime ? Date.parse(tokensValidAfterTime) : Number.NaN;
  if (!Number.isFinite(cutoff) || cutoff <= now - SESSION_LIFETIME_MS) return null;
  const before = Math.min(cutoff, Math.floor(now / 1000) * 1000);
  return { before, expiresAt: before + SESSION_LIFETIME_MS };
}

/** Records the account's Firebase cut-off as its sessions' cut-off, when it could still end one. Throws when Auth or the store does not answer. */
export async function endSessionsBeforeFirebaseCutoff(uid: string, now: number = Date.now()): Promise<void> {
  const { tokensValidAfterTime } = await callFirebaseAuth((auth) => auth.getUser(uid));
  const cutoff = sessionCutoff(tokensValidAfterTime, now);
  if (cutoff) await (await getStore()).endAccountSessions(uid, cutoff.before, cutoff.expiresAt);
}

/**
 * The sign-in's step (lib/auth/options.ts authorize): never blocks the
 * sign-in itself, so a failure is logged, and the older sessions then last
 * until the account's next sign-in records the cut-off.
 */
export async function endOlderSessionsAtSignIn(uid: string): Promise<void> {
  try {
    await endSessionsBeforeFirebaseCutoff(uid);
  } catch (error) {
    log.error(
      "auth.session_cutoff_failed",
      "Could not end the account's sessions that Firebase Auth ended: they last until its next sign-in",
      error,
    );
  }
}
