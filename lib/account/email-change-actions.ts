"use server";

import { headers } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import { getStore } from "@/lib/data";
import { sendOutboxAfterResponse } from "@/lib/email/send-now";
import { refusalFor, refusalForRecipient } from "@/lib/security/request-client";
import { requestEmailChange } from "./email-change";
import type { EmailChangeState } from "./email-change-state";
import { emailChangeCode } from "./firebase-email-change-code";
import { proofOfIdToken } from "./sign-in-proof";

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
    proof: proofOfIdToken,
    clientLimited: async () => Boolean(await refusalFor("emailChanges", requestHeaders)),
    recipientLimited: async (email) => Boolean(await refusalForRecipient("emailChangesToRecipient", email)),
    code: emailChangeCode,
    store: getStore,
    afterSent: sendOutboxAfterResponse,
    now: Date.now,
  });
}
