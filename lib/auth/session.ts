import "server-only";
import { getServerSession } from "next-auth";
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
 * list (one store read, none without a session cookie).
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const user = session?.user;
  return user?.uid ? user : null;
}
