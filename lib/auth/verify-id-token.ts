import "server-only";
import { log } from "@/lib/log";
import { getAuth } from "firebase-admin/auth";
import { serverEnv } from "@/lib/env";
import { adminApp } from "@/lib/firebase/admin-app";
import { isAdmin } from "./is-admin";

export interface VerifiedUser {
  uid: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
}

/**
 * Checks a Firebase ID token with firebase-admin (signature, expiry, audience,
 * and revocation) and returns who it proves; null for anything forged,
 * expired or revoked. The browser's word is never taken for any of it.
 */
export async function verifyIdToken(idToken: unknown): Promise<VerifiedUser | null> {
  if (typeof idToken !== "string" || idToken.length < 20 || idToken.length > 8192) return null;
  const env = serverEnv();
  try {
    const decoded = await getAuth(adminApp(env)).verifyIdToken(idToken, true);
    const email = decoded.email ?? "";
    return {
      uid: decoded.uid,
      email,
      displayName: typeof decoded.name === "string" && decoded.name.trim() ? decoded.name.trim() : email.split("@")[0],
      isAdmin: isAdmin(
        { email, emailVerified: decoded.email_verified === true, adminClaim: decoded.admin },
        env.ADMIN_EMAILS,
        Boolean(env.FIREBASE_AUTH_EMULATOR_HOST),
      ),
    };
  } catch (error) {
    log.warn("auth.id_token_rejected", "Rejected a Firebase ID token", undefined, error);
    return null;
  }
}
