/**
 * A signed-in shopper's email address, if Firebase Auth says it is verified.
 * The session does not carry `email_verified` (lib/auth/options.ts keeps uid,
 * name, email, isAdmin), and a verification made after the sign-in must
 * count, so it is asked of Firebase Auth (firebase-admin getUser) when a
 * guest's order would be joined to the account (lib/orders/order-access.ts):
 * an address nobody verified never opens someone else's orders.
 */
import "server-only";
import { StoreError } from "@/lib/data/contract/errors";
import { authErrorCode } from "./auth-messages";
import { callFirebaseAuth } from "./firebase-auth-call";

/** An account's email address (lower case) and whether Firebase Auth holds it verified. */
export interface AccountEmail {
  email: string;
  verified: boolean;
}

/** The account's address; null when it has none or the account is gone or disabled. Throws StoreError("unavailable") when Auth does not answer. */
export async function accountEmailOf(uid: string): Promise<AccountEmail | null> {
  try {
    const user = await callFirebaseAuth((auth) => auth.getUser(uid));
    return user.email && !user.disabled ? { email: user.email.toLowerCase(), verified: user.emailVerified } : null;
  } catch (error) {
    if (authErrorCode(error) === "auth/user-not-found") return null;
    throw new StoreError("unavailable", "Firebase Auth could not say whether the email is verified", {}, { cause: error });
  }
}

/** The account's email, lower case, when verified; null when not verified, none, or the account is gone. Throws as accountEmailOf. */
export async function verifiedEmailOf(uid: string): Promise<string | null> {
  const account = await accountEmailOf(uid);
  return account?.verified ? account.email : null;
}
