/**
 * Who a fresh Firebase ID token proves, for the account page's changes that
 * ask the shopper to sign in again first (an email change, deleting the
 * account): firebase-admin checks the token (and that it is not revoked);
 * a token Firebase refuses proves nothing (null), any other failure is an
 * outage, thrown as Firebase's own.
 */
import "server-only";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { callFirebaseAuth } from "@/lib/auth/firebase-auth-call";

/** Who a fresh ID token proves: its account, that account's address, when it signed in (seconds since the epoch), and whether with the password. */
export interface SignInProof {
  uid: string;
  email: string;
  authTime: number;
  viaPassword: boolean;
}

/**
 * Whether `proof` is a sign-in of the session's own account `uid`, made
 * within `maxAgeS` seconds of `now` (ms): what every change that asks the
 * shopper to sign in again requires first (each adds how they signed in).
 */
export function provesRecentSignIn(proof: SignInProof | null, uid: string, now: number, maxAgeS: number): proof is SignInProof {
  return proof !== null && proof.uid === uid && now / 1000 - proof.authTime <= maxAgeS;
}

/** firebase-admin's answers for a token that proves nothing: forged, expired, revoked, or of an account gone or disabled. */
const REFUSED_TOKEN_CODES = new Set([
  "auth/argument-error",
  "auth/invalid-id-token",
  "auth/id-token-expired",
  "auth/id-token-revoked",
  "auth/user-disabled",
  "auth/user-not-found",
]);

export async function proofOfIdToken(token: string): Promise<SignInProof | null> {
  try {
    const decoded = await callFirebaseAuth((auth) => auth.verifyIdToken(token, true));
    return {
      uid: decoded.uid,
      email: decoded.email ?? "",
      authTime: decoded.auth_time,
      viaPassword: decoded.firebase.sign_in_provider === "password",
    };
  } catch (error) {
    if (REFUSED_TOKEN_CODES.has(authErrorCode(error))) return null;
    throw error;
  }
}
