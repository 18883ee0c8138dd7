import "server-only";
import type { Session } from "next-auth";
import { getServerSession } from "next-auth";
import { StoreError } from "@/lib/data/errors";
import { authOptions } from "./options";

export interface SessionUser {
  uid: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/**
 * The signed-in user of this request, or null. Reads cookies: request time
 * only. A forged or signed-out (revoked) session is null: getServerSession
 * runs the jwt callback of lib/auth/options.ts, which asks the revocation
 * list (one store read, none without a session cookie). When that list
 * cannot be read, this throws StoreError("unavailable"): the caller answers
 * 503 or "unavailable", never treats the shopper as signed out.
 */
export async function currentUser(): Promise<SessionUser | null> {
  return userOfSession(await getServerSession(authOptions()));
}

/** The user a session read produced (getServerSession's answer); throws for one that could not be checked. */
export function userOfSession(session: Session | null): SessionUser | null {
  if (session?.unavailable) throw new StoreError("unavailable", "The session could not be checked: the store did not answer");
  const user = session?.user;
  return user?.uid ? user : null;
}
