/**
 * The emails an account gets (not about an order): the link to choose a new
 * password, the link that verifies its address, the link that confirms a new
 * address and the notice to the old one, the confirmation that an account
 * was deleted. Plain text like the order emails (lib/orders/emails.ts), written
 * to the outbox and sent by its drain.
 */
import "server-only";
import type { EmailDraft } from "@/lib/data/contract/outbox";
import { absoluteUrl } from "@/lib/seo";
import { ACCOUNT_PATH } from "@/lib/site-links";
import { VERIFY_CODE_PARAM, VERIFY_EMAIL_PATH, VERIFYING_UNLOCKS } from "./email-verification-state";
import { NEW_PASSWORD_PATH, RESET_CODE_PARAM } from "./password-reset-state";

/** The shop's own page `path` carrying Firebase's one-time `code` as `?param=`, at the shop's public address. */
function codeLink(path: string, param: string, code: string): string {
  return absoluteUrl(`${path}?${new URLSearchParams({ [param]: code })}`);
}

/** The reset email to `to`, carrying Firebase's one-time `code` in a link to the shop's own page. */
export function passwordResetEmail(to: string, code: string): EmailDraft {
  const link = codeLink(NEW_PASSWORD_PATH, RESET_CODE_PARAM, code);
  return {
    to,
    subject: "Choose a new password for your Storefront account",
    text: [
      "Hello,",
      "",
      "Someone, we hope you, asked for a new password for the Storefront account of this email address. Choose it here:",
      "",
      link,
      "",
      "The link works once, for one hour. Choosing a new password signs you out everywhere else.",
      "If you did not ask, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}

/** The verification email to `to`, carrying Firebase's one-time `code` in a link to the shop's own page. */
export function verificationEmail(to: string, code: string): EmailDraft {
  const link = codeLink(VERIFY_EMAIL_PATH, VERIFY_CODE_PARAM, code);
  return {
    to,
    subject: "Verify your email address for Storefront",
    text: [
      "Hello,",
      "",
      "Please confirm that this is your email address for your Storefront account:",
      "",
      link,
      "",
      VERIFYING_UNLOCKS,
      "If you did not create an account with us, ignore this email: nothing changes.",
    ].join("\n"),
  };
}

/** The link that confirms `to` as the account's new address, carrying Firebase's one-time `code` to the shop's own page. */
export function emailChangeEmail(to: string, code: string): EmailDraft {
  const link = codeLink(VERIFY_EMAIL_PATH, VERIFY_CODE_PARAM, code);
  return {
    to,
    subject: "Confirm your new email address for Storefront",
    text: [
      "Hello,",
      "",
      "Please confirm that this is the new email address of your Storefront account:",
      "",
      link,
      "",
      "Your account moves to this address when you open the link; until then it keeps the one it has.",
      "If you did not ask for this, ignore this email: nothing changes.",
    ].join("\n"),
  };
}

/** The notice to an account's address `to` that a move to `newEmail` was asked. */
export function emailChangeNoticeEmail(to: string, newEmail: string): EmailDraft {
  return {
    to,
    subject: "Your Storefront account's email address is changing",
    text: [
      "Hello,",
      "",
      `Someone signed in to the Storefront account of this email address with its password and asked to move it to ${newEmail}.`,
      "The account keeps this address until the new one is confirmed from the link we sent there.",
      `If this was not you, someone knows your password: change it now, at ${absoluteUrl(ACCOUNT_PATH)} or with "Forgot password?" on the sign-in page, and reply to this email so we can help.`,
    ].join("\n"),
  };
}

/** The confirmation to `to` that its account was deleted, and what the shop keeps. */
export function accountDeletedEmail(to: string, ordersErased: number): EmailDraft {
  return {
    to,
    subject: "Your Storefront account is deleted",
    text: [
      "Hello,",
      "",
      "Your Storefront account is deleted, as you asked: your sign-in, saved addresses and cart are gone, and you are signed out everywhere.",
      ordersErased === 0
        ? "You had no orders with us."
        : `Your name, email address, phone and address are removed from your ${ordersErased === 1 ? "order" : `${ordersErased} orders`}; the orders themselves stay, without you, for the shop's accounts.`,
      "This is the last email we send you about this account. If you did not ask for this, reply to this email.",
    ].join("\n"),
  };
}
