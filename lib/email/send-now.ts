/**
 * Drains the outbox with the shop's own store and transport: what a server
 * action schedules once it wrote an email (an order placed, a step taken:
 * sendOutboxAfterResponse), and what the cron route runs. Never throws: a
 * store or transport that fails leaves the emails in the outbox for the next
 * drain, and says so.
 */
import "server-only";
import { log } from "@/lib/log";
import { after } from "next/server";
import { getStore } from "@/lib/data";
import { drainOutbox, type DrainResult } from "./drain-outbox";
import { mailer } from "./transport";

export async function drainOutboxNow(): Promise<DrainResult | null> {
  try {
    const { transport, from } = mailer();
    return await drainOutbox(await getStore(), { transport, from });
  } catch (error) {
    log.warn("email.drain_failed", "The outbox could not be drained now; its emails wait for the next drain", undefined, error);
    return null;
  }
}

/** Sends the outbox once the response is sent (Next's `after`): the shopper never waits for SMTP. Call it in the action that wrote the email. */
export function sendOutboxAfterResponse(): void {
  after(drainOutboxNow);
}
