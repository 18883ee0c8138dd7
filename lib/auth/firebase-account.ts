/**
 * What Firebase Auth (firebase-admin getUser), which holds a shopper's
 * account, says of it: the display name, the address and whether it is
 * verified, and whether the account has a password (an account made with
 * Google has none here). Read per request wherever it decides something: the
 * account page shows it, and the order pages ask it whether the address is
 * verified (verified-email.ts). The store's profile (user/{uid}) keeps a copy
 * of the name and address, brought up to date at each sign-in and name
 * change, which nothing decides by.
 */
import "server-only";
import { StoreError } from "@/lib/data/contract/errors";
import { authErrorCode } from "./auth-messages";
import { callFirebaseAuth } from "./firebase-auth-call";

export interface AccountProfile {
  name: string;
  email: string;
  verified: boolean;
  hasPassword: boolean;
}

/** The account's profile; null when the account is gone or disabled. Throws StoreError("unavailable") when Auth does not answer. */
export async function accountProfileOf(uid: string): Promise<AccountProfile | null> {
  try {
    const user = await callFirebaseAuth((auth) => auth.getUser(uid));
    if (user.disabled) return null;
    return {
      name: user.displayName ?? "",
      email: user.email ?? "",
      verified: user.emailVerified,
      hasPassword: user.providerData.some((provider) => provider.providerId === "password"),
    };
  } catch (error) {
    if (authErrorCode(error) === "auth/user-not-found") return null;
    throw new StoreError("unavailable", "Firebase Auth could not say who the account is", {}, { cause: error });
  }
}
