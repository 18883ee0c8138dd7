"use server";

import { endSessionsBeforeFirebaseCutoff } from "@/lib/auth/account-sessions";
import { currentUser } from "@/lib/auth/session";

/**
 * Called by the account page's password form (components/account/password-change-form.tsx)
 * once Firebase has set the new password, which moved the account's
 * `tokensValidAfterTime`: records that cut-off for the session's own account
 * at once (lib/auth/account-sessions.ts), so the account's sessions in every
 * other browser end at their next read even if signing in again here then
 * fails. Records only what Firebase Auth holds; throws when the session,
 * Auth or the store does not answer (the sign-in that follows records it too).
 */
export async function passwordChangedAction(): Promise<void> {
  const user = await currentUser();
  if (user) await endSessionsBeforeFirebaseCutoff(user.uid);
}
