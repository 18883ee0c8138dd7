import "server-only";
import type { Session } from "next-auth";
import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { StoreError } from "@/lib/data/contract/errors";
import { siteUrl } from "@/lib/env";
import { invalidCallbackCookies } from "./auth-request";
import { authOptions } from "./options";

export interface SessionUser {
  uid: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** When this session began, in seconds since the epoch (0 when unknown). */
  signedInAt: number;
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
  return userOfSession(await readSession());
}

/** The user a session read produced (getServerSession's answer); throws for one that could not be checked. */
export function userOfSession(session: Session | null): SessionUser | null {
  if (session?.unavailable) throw new StoreError("unavailable", "The session could not be checked: the store did not answer");
  const user = session?.user;
  return user?.uid ? user : null;
}

/**
 * getServerSession with the request's cookies minus a callback-url cookie
 * next-auth would refuse: with one, its session read throws ("server
 * configuration") on every page and action. The request/response form of
 * getServerSession takes the cookies as given; its response half is a no-op,
 * as in its own server-component form (a server component cannot set
 * cookies).
 */
async function readSession(): Promise<Session | null> {
  const [headerList, cookieJar] = await Promise.all([headers(), cookies()]);
  const cookieMap = Object.fromEntries(cookieJar.getAll().map((cookie) => [cookie.name, cookie.value]));
  for (const name of invalidCallbackCookies(cookieMap, siteUrl())) delete cookieMap[name];
  const request = { headers: Object.fromEntries(headerList), cookies: cookieMap };
  const response = { getHeader() {}, setCookie() {}, setHeader() {} };
  return getServerSession(request as never, response as never, authOptions());
}
