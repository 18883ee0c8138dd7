import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CaughtMail } from "../../../scripts/mail-catcher.mjs";

export type { CaughtMail };

/**
 * The suite's local SMTP catcher (scripts/mail-catcher.mjs), which the suite's
 * shop runs (scripts/local.mjs, on free ports) and names in
 * <E2E_DATA_DIR>/mail/catcher.json; null before that shop started one.
 */
export function suiteMailCatcher(): { smtp: string; web: string } | null {
  const file = join(process.env.E2E_DATA_DIR ?? ".data-e2e", "mail", "catcher.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { smtp: string; web: string }) : null;
}

/**
 * The mail the suite's catcher received for `address` (any case), newest
 * first, once at least `count` arrived: the shop sends after its response,
 * so this polls (every 200 ms, up to `timeoutMs`).
 */
export async function mailsTo(address: string, { count = 1, timeoutMs = 15_000 } = {}): Promise<CaughtMail[]> {
  return mailsUntil(
    address,
    (mails) => mails.length >= count,
    timeoutMs,
    (mails) => `${mails.length} of ${count} mails to ${address} arrived`,
  );
}

/**
 * The mail to `address` whose subject is `subject`, once it arrived: an
 * address earlier tests mailed already has mail, so waiting for any would
 * not wait for this one.
 */
export async function mailWithSubject(address: string, subject: string, { timeoutMs = 15_000 } = {}): Promise<CaughtMail> {
  const mails = await mailsUntil(
    address,
    (all) => all.some((m) => m.subject === subject),
    timeoutMs,
    () => `no mail "${subject}" to ${address} arrived`,
  );
  return mails.find((m) => m.subject === subject)!;
}

async function mailsUntil(
  address: string,
  done: (mails: CaughtMail[]) => boolean,
  timeoutMs: number,
  failure: (mails: CaughtMail[]) => string,
): Promise<CaughtMail[]> {
  const catcher = suiteMailCatcher();
  if (!catcher) throw new Error("The suite's shop runs no mail catcher (no catcher.json in E2E_DATA_DIR/mail)");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${catcher.web}/api/mails?to=${encodeURIComponent(address)}`);
    const mails = (await response.json()) as CaughtMail[];
    if (done(mails)) return mails;
    if (Date.now() > deadline) throw new Error(`${failure(mails)} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
