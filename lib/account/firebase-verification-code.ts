/**
 * An account's email address as Firebase Auth holds it, and the one-time code
 * that verifies it, made by firebase-admin (generateEmailVerificationLink,
 * whose own link leads to Firebase's hosted page: only its `oobCode` is kept,
 * for a link to the shop's own page).
 */
import "server-only";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";

/** Where an account's address stands: nothing to verify (none, gone, already verified), or its code. */
export type VerificationCode = { kind: "verified" } | { kind: "no-address" } | { kind: "code"; email: string; code: string };

/** The code for the account `uid`'s address. Throws when Auth does not answer or answers without a code. */
export async function verificationCodeFor(uid: string): Promise<VerificationCode> {
  const user = await callFirebaseAuth((auth) => auth.getUser(uid)).catch((error: unknown) => {
    if (authErrorCode(error) === "auth/user-not-found") return null;
    throw error;
  });
  if (user?.emailVerified) return { kind: "verified" };
  const email = user && !user.disabled ? user.email : undefined;
  if (!email) return { kind: "no-address" };
  const link = await callFirebaseAuth((auth) => auth.generateEmailVerificationLink(email));
  const code = new URL(link).searchParams.get("oobCode");
  if (!code) throw new Error("Firebase Auth's email verification link carried no oobCode");
  return { kind: "code", email, code };
}
