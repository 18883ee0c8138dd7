import "server-only";
import { getServerSession } from "next-auth";
import { authOptions } from "./options";

export interface SessionUser {
  uid: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** The signed-in user of this request, or null. Reads cookies: request time only. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const user = session?.user;
  return user?.uid ? user : null;
}
