/**
 * The browser's side of signing in: the Firebase web app (identity only) and
 * the hand-over of its ID token to next-auth, which holds the session the
 * server trusts. Browser-only (client-only fails a server import at build).
 *
 * After every sign-in or sign-out the page is told (session-client.ts
 * announceSessionChange: the header and the live updates, which reload the
 * cart, listen for it).
 */
import "client-only";
import { getApp, getApps, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signOut as firebaseSignOut, type Auth, type User } from "firebase/auth";
import { signIn, signOut as nextAuthSignOut } from "next-auth/react";
import { MESSAGES, signInErrorMessage } from "@/lib/auth/auth-messages";
import { publicEnv } from "@/lib/public-env";
import { isRateLimitedMessage } from "@/lib/security/rate-limit-messages";
import { announceSessionChange, fetchSession, settleSessionReads } from "./session-client";
import { sessionNowFor } from "./shown-account";

let auth: Auth | undefined;

/** The Firebase Auth instance, on the Auth emulator when one is configured. */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  const app = getApps().length > 0 ? getApp() : initializeApp(publicEnv.firebase);
  auth = getAuth(app);
  if (publicEnv.authEmulatorHost) {
    connectAuthEmulator(auth, `http://${publicEnv.authEmulatorHost}`, { disableWarnings: true });
  }
  return auth;
}

/** Who the server's session says is signed in. */
export interface SessionInfo {
  uid: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Thrown when the server refuses the Firebase ID token (the Firebase sign-in is undone). */
export class SessionRefusedError extends Error {
  constructor() {
    super("The server refused the sign-in");
    this.name = "SessionRefusedError";
  }
}

/** The shop refused the sign-in for now: too many attempts from this network. */
export class SessionRateLimitedError extends Error {
  constructor(serverMessage: string | undefined) {
    super(isRateLimitedMessage(serverMessage) ? serverMessage : MESSAGES.tooManyRequests);
    this.name = "SessionRateLimitedError";
  }
}

/**
 * Turns a signed-in Firebase user into a next-auth session: a fresh ID token
 * (so a display name set just before is in it) goes to the `firebase`
 * credentials provider, which verifies it on the server. Returns the session
 * the server created; on refusal the Firebase sign-in is undone and
 * SessionRefusedError is thrown.
 */
export async function startSession(user: User): Promise<SessionInfo> {
  const idToken = await user.getIdToken(true);
  const result = await signIn("firebase", { idToken, redirect: false });
  if (result?.status === 429) {
    await firebaseSignOut(firebaseAuth()).catch(() => undefined);
    throw new SessionRateLimitedError(result.error ?? undefined);
  }
  const session = result?.ok && !result.error ? await fetchSession() : null;
  if (!session?.user?.uid) {
    await firebaseSignOut(firebaseAuth()).catch(() => undefined);
    announceSessionChange();
    throw new SessionRefusedError();
  }
  announceSessionChange(sessionNowFor(session.user));
  return session.user;
}

/**
 * Ends both the Firebase and the next-auth session. Session reads still in
 * flight are waited for first (their answers would set the cookie again),
 * and the result is checked once more.
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    await firebaseSignOut(firebaseAuth());
  } finally {
    await settleSessionReads();
    await nextAuthSignOut({ redirect: false });
    // A session the store could not check is still a cookie to clear.
    const left = await fetchSession();
    if (left?.user?.uid || left?.unavailable) await nextAuthSignOut({ redirect: false });
    announceSessionChange({ account: null });
  }
}

/**
 * What a failed sign-in logs and shows: a refused session is a server-side
 * problem (logged as an error); anything else gets the spec's console line
 * and plain words for the form.
 */
export function signInFailureMessage(error: unknown): string {
  if (error instanceof SessionRefusedError) {
    console.error(error);
    return MESSAGES.sessionRefused;
  }
  console.log(MESSAGES.signInFailed);
  return signInErrorMessage(error);
}
