"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { getStore } from "@/lib/data";
import { sendOutboxAfterResponse } from "@/lib/email/send-now";
import { refusalFor, refusalForRecipient } from "@/lib/security/request-client";
import { ORDERS_PATH } from "@/lib/site-links";
import { requestVerificationMail } from "./email-verification";
import { VERIFICATION_NOTICE_PARAM, type VerificationMailState } from "./email-verification-state";
import { verificationCodeFor } from "./firebase-verification-code";

/**
 * Asks for a link that verifies the signed-in shopper's address
 * (lib/account/email-verification.ts): called by the sign-up form once the
 * account is signed in, and by the banner's form on Your orders. A plain
 * form post (no JavaScript: no Next-Action header) is answered with the page
 * it came from again and the answer's code, post/redirect/get.
 */
export async function verificationMailAction(): Promise<VerificationMailState> {
  const requestHeaders = await headers();
  const state = await requestVerificationMail({
    uid: async () => (await currentUser())?.uid ?? null,
    clientLimited: async () => Boolean(await refusalFor("verificationMails", requestHeaders)),
    recipientLimited: async (email) => Boolean(await refusalForRecipient("verificationMailsToRecipient", email)),
    code: verificationCodeFor,
    store: getStore,
    afterSent: sendOutboxAfterResponse,
  });
  // Your orders is the one page with the banner's form.
  if (!requestHeaders.has("next-action")) redirect(`${ORDERS_PATH}?${VERIFICATION_NOTICE_PARAM}=${state.notice}`);
  return state;
}
