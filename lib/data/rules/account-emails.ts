import { randomBytes } from "node:crypto";

/** An account email's Message-ID: its own for each one (an account may be sent many). */
export function accountMessageId(): string {
  return `<account-${randomBytes(12).toString("hex")}@storefront>`;
}
