/**
 * next-auth holds the session; Firebase proves the identity. The browser signs
 * in with the Firebase web SDK and hands its ID token to the `firebase`
 * credentials provider, whose authorize() verifies it with firebase-admin.
 * The session is a JWT in an httpOnly, SameSite=Lax cookie (Secure on https).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { serverEnv } from "@/lib/env";
import { onSignedIn } from "./on-signed-in";
import { verifyIdToken } from "./verify-id-token";

const SESSION_MAX_AGE_S = 60 * 60 * 24 * 7;

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  cached = {
    secret: serverEnv().NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/sign-page", error: "/sign-page" },
    providers: [
      Credentials({
        id: "firebase",
        name: "Firebase",
        credentials: { idToken: { type: "text" } },
        async authorize(credentials, req) {
          const user = await verifyIdToken(credentials?.idToken);
          if (!user) return null;
          await onSignedIn(user, req.headers?.cookie);
          return { id: user.uid, name: user.displayName, email: user.email, isAdmin: user.isAdmin };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.name = user.name;
          token.email = user.email;
          token.isAdmin = user.isAdmin;
          token.sid = randomUUID();
        }
        return token;
      },
      session({ session, token }) {
        session.user = {
          uid: token.uid ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          isAdmin: token.isAdmin === true,
        };
        return session;
      },
    },
  };
  return cached;
}
