/**
 * How often one client, and anyone for one email address, may ask for a
 * password reset link (lib/security/rate-limit.ts: `passwordResets` per
 * client address, `passwordResetsToRecipient` per recipient; docs/SECURITY.md
 * has the figures): each request may make the shop write to that address.
 */
import "server-only";
import { refusalFor, refusalForRecipient } from "@/lib/security/request-client";
import { FORGOT_PASSWORD_MESSAGES } from "./password-reset-state";

/** Counts one request from the client of `headers` for `email`: the refusal's words, or null when both limits allow it. */
export async function passwordResetLimitRefusal(headers: Headers, email: string): Promise<string | null> {
  const client = await refusalFor("passwordResets", headers);
  if (client) return client.message;
  // The address's own limit speaks of no address: the same words whether or not anyone asked before.
  return (await refusalForRecipient("passwordResetsToRecipient", email)) ? FORGOT_PASSWORD_MESSAGES.limited : null;
}
