/**
 * The one-time code that verifies an account's address, made by
 * firebase-admin (generateEmailVerificationLink, whose own link leads to
 * Firebase's hosted page: only its `oobCode` is kept, for a link to the
 * shop's own page). The address comes from lib/auth/verified-email.ts, as
 * the order pages read it.
 */
import "server-only";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";
import { accountEmailOf } from "@/lib/auth/verified-email";

/** Where an account's address stands: nothing to verify (none, gone, already verified), or its code. */
export type VerificationCode = { kind: "verified" } | { kind: "no-address" } | { kind: "code"; email: string; code: string };

/** The code for the account `uid`'s address. Throws when Auth does not answer or answers without a code. */
export async function verificationCodeFor(uid: string): Promise<VerificationCode> {
  const account = await accountEmailOf(uid);
  if (!account) return { kind: "no-address" };
  if (account.verified) return { kind: "verified" };
  const link = await callFirebaseAuth((auth) => auth.generateEmailVerificationLink(account.email));
  const code = new URL(link).searchParams.get("oobCode");
  if (!code) throw new Error("Firebase Auth's email verification link carried no oobCode");
  return { kind: "code", email: account.email, code };
}
