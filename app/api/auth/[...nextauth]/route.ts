import NextAuth from "next-auth";
import { cookies } from "next/headers";
import { invalidCallbackCookies, refuseAuthRequest } from "@/lib/auth/auth-request";
import { authOptions } from "@/lib/auth/options";
import type { RateLimitRefusal } from "@/lib/security/rate-limit";
import { refusalFor } from "@/lib/security/request-client";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context) {
  const action = (await context.params).nextauth.join("/");
  // Each sign-in attempt is an ID token to verify: limited per client
  // address, never per account (a stranger could lock a shopper out).
  if (request.method === "POST" && action.startsWith("callback/")) {
    const limited = await refusalFor("signIn", request.headers);
    if (limited) return signInLimited(limited, new URL(request.url).origin);
  }
  const refusal = await refuseAuthRequest(request, action);
  if (refusal) return new Response(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain" } });
  await dropInvalidCallbackCookies(new URL(request.url).origin);
  return NextAuth(request as never, context as never, authOptions());
}

/**
 * A callback-url cookie next-auth would refuse makes it answer 500 to every
 * request (lib/auth/auth-request.ts): it is deleted before next-auth reads
 * the cookies (a route handler's cookie store reads back its own changes),
 * and the browser is told to delete it too.
 */
async function dropInvalidCallbackCookies(origin: string) {
  const jar = await cookies();
  const all = Object.fromEntries(jar.getAll().map((cookie) => [cookie.name, cookie.value]));
  for (const name of invalidCallbackCookies(all, origin)) jar.delete(name);
}

/**
 * A limited sign-in, answered as next-auth's own client reads an answer (JSON
 * with the error in `url`), so the browser's signIn() returns status 429 and
 * the sentence, which the form shows.
 */
function signInLimited(limited: RateLimitRefusal, origin: string): Response {
  const url = `${origin}/api/auth/error?error=${encodeURIComponent(limited.message)}`;
  return Response.json(
    { url, message: limited.message },
    { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}

export { handler as GET, handler as POST };
