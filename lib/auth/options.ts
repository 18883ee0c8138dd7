/**
 * next-auth holds the session; Firebase proves the identity. The browser signs
 * in with the Firebase web SDK and hands its ID token to the `firebase`
 * credentials provider, whose authorize() verifies it with firebase-admin.
 * The session is a JWT in an httpOnly, SameSite=Lax cookie (Secure and
 * __Secure- prefixed on https; lib/cookies.ts). Sign Out revokes
 * the session's sid and every later read of it is refused (revocation.ts).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { leftOutNoticeCookie, secureCookies, sessionCookie } from "@/lib/cookies";
import { serverEnv } from "@/lib/env";
import { endOlderSessionsAtSignIn } from "./account-sessions";
import { authLogger } from "./auth-logger";
import { safeRedirect } from "./auth-request";
import { onSignedIn } from "./on-signed-in";
import { revokeToken, SESSION_MAX_AGE_S } from "./revocation";
import { checkedToken, nowSeconds } from "./session-check";
import { decodeSessionToken, encodeSessionToken } from "./session-token";
import { verifyIdToken } from "./verify-id-token";

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  const env = serverEnv();
  cached = {
    secret: env.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    jwt: { encode: encodeSessionToken, decode: decodeSessionToken },
    // A refused cookie (forged, expired, signed out) is one rate-limited line; real errors keep their stack.
    logger: authLogger(),
    // The same https rule for next-auth's own cookies (csrf, callback) as for ours.
    useSecureCookies: secureCookies(env),
    cookies: { sessionToken: sessionCookie(env) },
    pages: { signIn: "/sign-page", error: "/sign-page" },
    providers: [
      Credentials({
        id: "firebase",
        name: "Firebase",
        credentials: { idToken: { type: "text" } },
        async authorize(credentials, req) {
          const user = await verifyIdToken(credentials?.idToken);
          if (!user) return null;
          await endOlderSessionsAtSignIn(user.uid);
          const { leftOut } = await onSignedIn(user, req.headers?.cookie);
          // The sign-in's own answer carries the notice (lib/cart/left-out-notice.ts); the form shows it.
          if (leftOut) {
            const notice = leftOutNoticeCookie(env);
            (await cookies()).set(notice.name, leftOut, notice.options);
          }
          return { id: user.uid, name: user.displayName, email: user.email, isAdmin: user.isAdmin };
        },
      }),
    ],
    callbacks: {
      redirect: ({ url, baseUrl }) => safeRedirect(url, baseUrl),
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.name = user.name;
          token.email = user.email;
          token.isAdmin = user.isAdmin;
          token.sid = randomUUID();
          token.signedInAt = nowSeconds();
          return token;
        }
        // Every later read of an existing session: a signed-out one throws
        // (next-auth ends it), one the store could not check comes back
        // marked unverified and keeps its cookie (session-check.ts).
        return checkedToken(token);
      },
      session({ session, token }) {
        // Neither trusted nor ended: the owner's name and address stay undisclosed.
        if (token.unverified) return { expires: session.expires, unavailable: true };
        session.user = {
          uid: token.uid ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          isAdmin: token.isAdmin === true,
          signedInAt: token.signedInAt ?? 0,
        };
        return session;
      },
    },
    events: {
      // next-auth hands over the decoded cookie being cleared.
      async signOut({ token }) {
        await revokeToken(token);
      },
    },
  };
  return cached;
}
