import NextAuth from "next-auth";
import { refuseAuthRequest } from "@/lib/auth/auth-request";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context) {
  const refusal = await refuseAuthRequest(request, (await context.params).nextauth.join("/"));
  if (refusal) return new Response(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain" } });
  return NextAuth(request as never, context as never, authOptions());
}

export { handler as GET, handler as POST };
