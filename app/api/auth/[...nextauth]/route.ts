import NextAuth from "next-auth";
import { cookies } from "next/headers";
import { invalidCallbackCookies, refuseAuthRequest } from "@/lib/auth/auth-request";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context) {
  const refusal = await refuseAuthRequest(request, (await context.params).nextauth.join("/"));
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

export { handler as GET, handler as POST };
