/**
 * A signed-in shopper's email address, if Firebase Auth says it is verified.
 * The session does not carry `email_verified` (lib/auth/options.ts keeps uid,
 * name, email, isAdmin), and a verification made after the sign-in must
 * count, so it is asked of Firebase Auth (firebase-admin getUser) when a
 * guest's order would be joined to the account (lib/orders/order-access.ts):
 * an address nobody verified never opens someone else's orders.
 */
import "server-only";
import { accountProfileOf } from "./firebase-account";

/** An account's email address (lower case) and whether Firebase Auth holds it verified. */
export interface AccountEmail {
  email: string;
  verified: boolean;
}

/** The account's address; null when it has none or the account is gone or disabled. Throws StoreError("unavailable") when Auth does not answer. */
export async function accountEmailOf(uid: string): Promise<AccountEmail | null> {
  const account = await accountProfileOf(uid);
  return account?.email ? { email: account.email.toLowerCase(), verified: account.verified } : null;
}

/** The account's email, lower case, when verified; null when not verified, none, or the account is gone. Throws as accountEmailOf. */
export async function verifiedEmailOf(uid: string): Promise<string | null> {
  const account = await accountEmailOf(uid);
  return account?.verified ? account.email : null;
}
