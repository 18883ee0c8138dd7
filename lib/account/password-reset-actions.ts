"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getStore } from "@/lib/data";
import { sendOutboxAfterResponse } from "@/lib/email/send-now";
import { passwordResetCode } from "./firebase-reset-code";
import { requestPasswordReset } from "./password-reset";
import { passwordResetLimitRefusal } from "./password-reset-limits";
import { FORGOT_PASSWORD_PATH, forgotPasswordNotice, type ForgotPasswordState } from "./password-reset-state";

/**
 * "Forgot password"'s action (components/auth/forgot-password-form.tsx): the
 * request's limits, Firebase Auth's code, the outbox and its send after the
 * response (lib/account/password-reset.ts). A plain form post (no JavaScript:
 * no Next-Action header) is answered with the page again and the answer's
 * code (password-reset-state.ts), post/redirect/get.
 */
export async function forgotPasswordAction(_previous: ForgotPasswordState | null, form: FormData): Promise<ForgotPasswordState> {
  const requestHeaders = await headers();
  const state = await requestPasswordReset(
    {
      resetCode: passwordResetCode,
      store: getStore,
      limit: (email) => passwordResetLimitRefusal(requestHeaders, email),
      afterSent: sendOutboxAfterResponse,
    },
    form instanceof FormData ? form : new FormData(),
  );
  if (!requestHeaders.has("next-action")) redirect(`${FORGOT_PASSWORD_PATH}?notice=${forgotPasswordNotice(state)}`);
  return state;
}
