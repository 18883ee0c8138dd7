import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { isTokenRevoked } from "@/lib/auth/revocation";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { serverEnv } from "@/lib/env";
import { servedOverHttps } from "@/lib/security/https";

/**
 * Only admins reach /admin-entry: anyone else is sent to /admin-signin before
 * the page renders. A session signed out elsewhere (a copied cookie) is
 * refused too, at the cost of one store read, made only for an admin's token.
 * The add-product action checks the session again, so this is the first
 * gate, not the only one. (Proxy runs on the Node runtime: the store is reachable.)
 */
export async function proxy(request: NextRequest) {
  const env = serverEnv();
  const cookie = sessionCookie(servedOverHttps(env));
  const token = await getToken({
    req: request,
    secret: env.NEXTAUTH_SECRET,
    cookieName: cookie.name,
    secureCookie: cookie.options.secure,
  });
  if (token?.isAdmin === true && !(await isTokenRevoked(token).catch(() => true))) return NextResponse.next();
  return NextResponse.redirect(new URL("/admin-signin", request.url));
}

export const config = {
  matcher: ["/admin-entry", "/admin-entry/:path*"],
};
