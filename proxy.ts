import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { isTokenRevoked } from "@/lib/auth/revocation";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { serverEnv } from "@/lib/env";
import { refuseActionRequest } from "@/lib/security/action-request";
import { servedOverHttps } from "@/lib/security/https";

/**
 * Two gates, each on its own paths (see config.matcher):
 * - a server action call (POST with Next-Action) must be well-formed before
 *   Next decodes it (lib/security/action-request.ts), so a malformed one is
 *   a 4xx, never a 500;
 * - only admins reach /admin-entry: anyone else is sent to /admin-signin before
 * the page renders. A session signed out elsewhere (a copied cookie) is
 * refused too, at the cost of one store read, made only for an admin's token.
 * The add-product action checks the session again, so this is the first
 * gate, not the only one. (Proxy runs on the Node runtime: the store is reachable.)
 */
export async function proxy(request: NextRequest) {
  if (request.method === "POST" && request.headers.has("next-action")) {
    const refusal = await refuseActionRequest({
      contentType: request.headers.get("content-type"),
      contentLength: request.headers.get("content-length"),
      text: () => request.clone().text(),
      formData: () => request.clone().formData(),
    });
    if (refusal) return new NextResponse(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain" } });
    if (!isAdminPath(request.nextUrl.pathname)) return NextResponse.next();
  }
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

function isAdminPath(pathname: string): boolean {
  return pathname === "/admin-entry" || pathname.startsWith("/admin-entry/");
}

export const config = {
  matcher: [
    "/admin-entry",
    "/admin-entry/:path*",
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
  ],
};
