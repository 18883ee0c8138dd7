/**
 * The caller of an admin action, read from the request: its Origin and Host
 * headers and its session. One place for every admin action (add, edit,
 * delete), so they are gated alike by refuseCaller (guard.ts); the session
 * read is the admin pages' too (admin-proof.ts).
 */
import "server-only";
import { log } from "@/lib/log";
import { headers } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import type { Caller } from "./guard";

/** `action` names the action in the log line when the session cannot be checked. */
export async function requestCaller(action: string): Promise<Caller> {
  const requestHeaders = await headers();
  return {
    origin: requestHeaders.get("origin"),
    host: requestHeaders.get("host"),
    forwardedHost: requestHeaders.get("x-forwarded-host"),
    user: await requestUser(`${action} action`),
  };
}

/** The request's session user; "unavailable", logged naming `reader`, when the session cannot be checked. */
export async function requestUser(reader: string): Promise<Caller["user"]> {
  return currentUser().catch((error: unknown) => {
    // Refused either way; "unavailable" tells the admin to retry rather than sign in again.
    log.error("admin.session_check_failed", "An admin request could not check the session", error, { reader });
    return "unavailable" as const;
  });
}
