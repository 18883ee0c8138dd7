import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

/**
 * Only admins reach /admin-entry: anyone else is sent to /admin-signin before
 * the page renders. The add-product action checks the session again, so this
 * is the first gate, not the only one.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET });
  if (token?.isAdmin === true) return NextResponse.next();
  return NextResponse.redirect(new URL("/admin-signin", request.url));
}

export const config = {
  matcher: ["/admin-entry", "/admin-entry/:path*"],
};
