"use server";

import { accountProfileOf } from "@/lib/auth/firebase-account";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";
import { currentUser } from "@/lib/auth/session";
import { getStore } from "@/lib/data";
import { sendOutboxAfterResponse } from "@/lib/email/send-now";
import { deleteAccount } from "./delete-account";
import type { DeleteAccountState } from "./delete-account-state";
import { proofOfIdToken } from "./sign-in-proof";

/**
 * The account page's "Delete my account" (components/account/delete-account-form.tsx),
 * called by its script with the ID token of a fresh sign-in (lib/account/delete-account.ts).
 * It needs JavaScript: Firebase checks the password, or Google the account, in the browser.
 */
export async function deleteAccountAction(idToken: unknown): Promise<DeleteAccountState> {
  return deleteAccount(idToken, {
    user: currentUser,
    proof: proofOfIdToken,
    account: accountProfileOf,
    deleteAuthUser: async (uid) => {
      try {
        await callFirebaseAuth((auth) => auth.deleteUser(uid));
      } catch (error) {
        // Gone already (a try that stopped after this step): what was asked is done.
        if (authErrorCode(error) !== "auth/user-not-found") throw error;
      }
    },
    store: getStore,
    afterSent: sendOutboxAfterResponse,
    now: Date.now,
  });
}
