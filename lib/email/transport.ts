/**
 * The SMTP connection the shop's email leaves through (nodemailer): the
 * server SMTP_URL names, or outside production the local catcher
 * (lib/env.ts mailSettings). One transport per process.
 */
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { mailSettings } from "@/lib/env";

/**
 * Bounds on one SMTP conversation, well inside an outbox claim's lease
 * (drain-outbox.ts SEND_BUDGET_MS): a server that hangs costs one retry,
 * never a second send of the same email by an overlapping drain.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 } as const;

/** What the outbox needs of a transport: nodemailer's sendMail. */
export type MailTransport = Pick<Transporter, "sendMail">;

/** A transport to the server `url` names (smtp:// or smtps://, with its credentials), one connection per email. */
export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
}

const GLOBAL_KEY = Symbol.for("storefront.mailTransport");
type GlobalWithTransport = typeof globalThis & { [GLOBAL_KEY]?: { transport: Transporter; from: string } };

/** The shop's transport and the From of its email, from the environment. */
export function mailer(): { transport: MailTransport; from: string } {
  const g = globalThis as GlobalWithTransport;
  if (!g[GLOBAL_KEY]) {
    const { smtpUrl, from } = mailSettings();
    g[GLOBAL_KEY] = { transport: createSmtpTransport(smtpUrl), from };
  }
  return g[GLOBAL_KEY];
}
