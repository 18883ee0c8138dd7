import { connection } from "next/server";
import { answerCronOutbox } from "@/lib/email/cron-outbox";

/**
 * GET /api/cron/outbox: Vercel Cron's call that sends the outbox's due
 * emails (lib/email/cron-outbox.ts says what it answers). Per request
 * (connection() first), so CRON_SECRET is read as the process runs: a GET
 * handler that reads nothing of its request before answering is built as a
 * static page, and a build made without the secret answered 404 for good,
 * whatever the running process was given (tests/e2e/abuse.spec.ts builds
 * without it and calls with it).
 */
export async function GET(request: Request): Promise<Response> {
  await connection();
  return answerCronOutbox(request);
}
