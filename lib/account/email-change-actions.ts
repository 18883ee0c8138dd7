"use server";

import { headers } from "next/headers";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";
import { currentUser } from "@/lib/auth/session";
import { getStore } from "@/lib/data";
import { sendOutboxAfterResponse } from "@/lib/email/send-now";
import { refusalFor, refusalForRecipient } from "@/lib/security/request-client";
import { requestEmailChange } from "./email-change";
import type { EmailChangeState } from "./email-change-state";
import { emailChangeCode } from "./firebase-email-change-code";

/** firebase-admin's answers for a token that proves nothing: forged, expired, revoked, or of an account gone or disabled. */
const REFUSED_TOKEN_CODES = new Set([
  "auth/argument-error",
  "auth/invalid-id-token",
  "auth/id-token-expired",
  "auth/id-token-revoked",
  "auth/user-disabled",
  "auth/user-not-found",
]);

/**
 * The account page's email form (components/account/email-change-form.tsx),
 * called by its script with the ID token of a fresh sign-in with the current
 * password (lib/account/email-change.ts). It needs JavaScript: the password
 * is checked by Firebase in the browser.
 */
export async function emailChangeAction(idToken: unknown, newEmail: unknown): Promise<EmailChangeState> {
  const requestHeaders = await headers();
  return requestEmailChange(idToken, newEmail, {
    user: currentUser,
    proof: async (token) => {
      try {
        const decoded = await callFirebaseAuth((auth) => auth.verifyIdToken(token, true));
        return {
          uid: decoded.uid,
          email: decoded.email ?? "",
          authTime: decoded.auth_time,
          viaPassword: decoded.firebase.sign_in_provider === "password",
        };
      } catch (error) {
        // Firebase refusing the token is no proof; any other failure is an outage, said as one.
        if (REFUSED_TOKEN_CODES.has(authErrorCode(error))) return null;
        throw error;
      }
    },
    clientLimited: async () => Boolean(await refusalFor("emailChanges", requestHeaders)),
    recipientLimited: async (email) => Boolean(await refusalForRecipient("emailChangesToRecipient", email)),
    code: emailChangeCode,
    store: getStore,
    afterSent: sendOutboxAfterResponse,
    now: Date.now,
  });
}
