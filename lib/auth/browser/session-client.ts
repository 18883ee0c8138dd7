/**
 * The browser's reads of the next-auth session, in one place. next-auth
 * re-sends the session cookie with every /api/auth/session answer, so a read
 * still in flight when the user signs out would bring the cookie back after
 * the sign-out cleared it. Every read goes through fetchSession(), and sign-out
 * waits for those in flight (settleSessionReads) before it starts.
 * Small on purpose: the header imports it on every page, so it reads the
 * session endpoint with fetch (no Firebase, no next-auth/react client here).
 */
import "client-only";
import type { Session } from "next-auth";
import { SESSION_CHANGED_EVENT, type SessionNow } from "@/lib/live/protocol";

const inFlight = new Set<Promise<Session | null>>();

/**
 * next-auth answers {} when nobody is signed in, and { unavailable: true }
 * when a session cookie is present but the store could not check it
 * (lib/auth/session-check.ts): that shopper is not signed out.
 */
async function readSession(): Promise<Session | null> {
  const response = await fetch("/api/auth/session", { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) throw new Error(`The session could not be read (HTTP ${response.status})`);
  const session = (await response.json()) as Partial<Session>;
  return session.user || session.unavailable ? (session as Session) : null;
}

/** The current session (possibly `unavailable`, without a user), or null. */
export function fetchSession(): Promise<Session | null> {
  const read = readSession();
  inFlight.add(read);
  void read.then(
    () => inFlight.delete(read),
    () => inFlight.delete(read),
  );
  return read;
}

/** Resolves once no session read is in flight. */
export async function settleSessionReads(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Tells the page (header, cart, live updates, which pass it on to the shop's
 * other tabs) that the session changed, and to what when this tab knows;
 * without `now` each reads it again.
 */
export function announceSessionChange(now?: SessionNow): void {
  window.dispatchEvent(new CustomEvent(SESSION_CHANGED_EVENT, { detail: now }));
}
