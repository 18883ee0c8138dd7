/** One kept mail as GET /api/mails lists it (scripts/mail-catcher.mjs). */
export interface CaughtMail {
  id: string;
  /** When the catcher received it, ISO 8601. */
  receivedAt: string;
  /** The Date header, ISO 8601; null without one. */
  date: string | null;
  messageId: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface MailCatcher {
  smtpPort: number;
  webPort: number;
  /** smtp://127.0.0.1:<smtpPort> */
  smtpUrl: string;
  /** http://127.0.0.1:<webPort> */
  webUrl: string;
  /** The folder the .eml files and catcher.json are kept in. */
  dir: string;
  close(): Promise<unknown>;
}

/** Starts the local SMTP catcher and its page (port 0: a free port). */
export function startMailCatcher(options: { smtpPort?: number; webPort?: number; dir: string }): Promise<MailCatcher>;

/** A port from the environment: `fallback` when unset or empty; throws unless 0..65535. */
export function catcherPort(value: string | undefined, fallback: number): number;
