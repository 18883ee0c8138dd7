import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { CALLBACK_URL_COOKIES, isValidCallbackUrl } from "@/lib/auth/auth-request";
import { isTokenRevoked } from "@/lib/auth/revocation";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { serverEnv } from "@/lib/env";
import { refuseActionRequest } from "@/lib/security/action-request";
import { servedOverHttps } from "@/lib/security/https";

/**
 * The gates that run before a page or handler does, each only on the
 * requests config.matcher sends here (page views of the catalogue never are):
 * - a server action call (POST with Next-Action) must come from this site
 *   and be well-formed before Next decodes it (lib/security/action-request.ts):
 *   a bad one is a 4xx, never Next's 500;
 * - a details-page path whose %-escapes do not decode is a 400 (Next's own
 *   parameter decoding would throw: a 500);
 * - a callback-url cookie next-auth would reject is dropped, because
 *   next-auth answers every session read with a 500 while it is there;
 * - only admins reach /admin-entry: anyone else is sent to /admin-signin
 *   before the page renders. A session signed out elsewhere (a copied
 *   cookie) is refused too, at the cost of one store read, made only for an
 *   admin's token. The add-product action checks the session again, so this
 *   is the first gate, not the only one. (Proxy runs on the Node runtime:
 *   the store is reachable.)
 */
export async function proxy(request: NextRequest) {
  if (request.method === "POST" && request.headers.has("next-action")) {
    const refusal = await refuseActionRequest({
      origin: request.headers.get("origin"),
      host: request.headers.get("host"),
      forwardedHost: request.headers.get("x-forwarded-host"),
      contentType: request.headers.get("content-type"),
      contentLength: request.headers.get("content-length"),
      text: () => request.clone().text(),
      formData: () => request.clone().formData(),
    });
    if (refusal) return plainText(refusal.status, refusal.message);
  }
  if (!decodesCleanly(request.nextUrl.pathname)) return plainText(400, "The address has a broken %-escape.");

  const dropped = dropInvalidCallbackCookies(request);
  const forward = () => {
    const response = NextResponse.next({ request: { headers: request.headers } });
    for (const name of dropped) response.cookies.delete(name);
    return response;
  };

  if (isAdminPath(request.nextUrl.pathname) && !(await isAdmin(request))) {
    return NextResponse.redirect(new URL("/admin-signin", request.url));
  }
  return forward();
}

async function isAdmin(request: NextRequest): Promise<boolean> {
  const env = serverEnv();
  const cookie = sessionCookie(servedOverHttps(env));
  const token = await getToken({
    req: request,
    secret: env.NEXTAUTH_SECRET,
    cookieName: cookie.name,
    secureCookie: cookie.options.secure,
  });
  return token?.isAdmin === true && !(await isTokenRevoked(token).catch(() => true));
}

/** Removes (from this request) every callback-url cookie next-auth would refuse; returns their names. */
function dropInvalidCallbackCookies(request: NextRequest): string[] {
  const invalid = CALLBACK_URL_COOKIES.filter((name) => {
    const value = request.cookies.get(name)?.value;
    return value !== undefined && !isValidCallbackUrl(value, request.nextUrl.origin);
  });
  for (const name of invalid) request.cookies.delete(name);
  return invalid;
}

function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function isAdminPath(pathname: string): boolean {
  return pathname === "/admin-entry" || pathname.startsWith("/admin-entry/");
}

function plainText(status: number, message: string): NextResponse {
  return new NextResponse(message, { status, headers: { "Content-Type": "text/plain" } });
}

// Literal values only: Next reads the matcher from the source at build time.
export const config = {
  matcher: [
    "/admin-entry",
    "/admin-entry/:path*",
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
    // Only paths holding a "%": every other details page view skips the proxy.
    "/details-page/:rest(.*%.*)",
    // CALLBACK_URL_COOKIES, spelled out.
    { source: "/:path*", has: [{ type: "cookie", key: "next-auth.callback-url" }] },
    { source: "/:path*", has: [{ type: "cookie", key: "__Secure-next-auth.callback-url" }] },
  ],
};
