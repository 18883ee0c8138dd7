/**
 * The one-time code that moves an account to a new address, made by
 * firebase-admin (generateVerifyAndChangeEmailLink, whose own link leads to
 * Firebase's hosted page: only its `oobCode` is kept, for a link to the
 * shop's own /verify-email page, whose applyActionCode makes the change).
 */
import "server-only";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";

/** The code moving the account of `email` to `newEmail`; "taken" when another account has `newEmail`. Throws when Auth does not answer. */
export async function emailChangeCode(email: string, newEmail: string): Promise<string | "taken"> {
  let link: string;
  try {
    link = await callFirebaseAuth((auth) => auth.generateVerifyAndChangeEmailLink(email, newEmail));
  } catch (error) {
    if (authErrorCode(error) === "auth/email-already-exists") return "taken";
    throw error;
  }
  const code = new URL(link).searchParams.get("oobCode");
  if (!code) throw new Error("Firebase Auth's email change link carried no oobCode");
  return code;
}
