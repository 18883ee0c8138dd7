/**
 * Firebase Auth's one-time code for resetting a password, made by
 * firebase-admin (generatePasswordResetLink). Its link leads to Firebase's
 * own hosted page; the shop mails a link to its own page instead, so only
 * the link's `oobCode` is kept.
 */
import "server-only";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";

/** The code for the account of `email`; null when no account has that address. Throws when Auth does not answer or answers without a code. */
export async function passwordResetCode(email: string): Promise<string | null> {
  try {
    const link = await callFirebaseAuth((auth) => auth.generatePasswordResetLink(email));
    const code = new URL(link).searchParams.get("oobCode");
    if (!code) throw new Error("Firebase Auth's password reset link carried no oobCode");
    return code;
  } catch (error) {
    if (["auth/email-not-found", "auth/user-not-found"].includes(authErrorCode(error))) return null;
    throw error;
  }
}
