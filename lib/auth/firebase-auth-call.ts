/**
 * A call to Firebase Auth through firebase-admin, bounded in time: a lookup
 * that has not answered within LOOKUP_DEADLINE_MS fails like an outage, so
 * no request waits on Auth for longer.
 */
import "server-only";
import { getAuth, type Auth } from "firebase-admin/auth";
import { serverEnv } from "@/lib/env";
import { adminApp } from "@/lib/firebase/admin-app";

const LOOKUP_DEADLINE_MS = 5_000;

/** Firebase Auth did not answer in time. */
export class FirebaseAuthTimeout extends Error {
  constructor() {
    super(`Firebase Auth did not answer within ${LOOKUP_DEADLINE_MS / 1000} s`);
    this.name = "FirebaseAuthTimeout";
  }
}

/**
 * Whether a failed call was Firebase Auth's answer or its absence (a time-out,
 * an `auth/…` or `app/…` error code: refused, unreachable, internal), as
 * opposed to a fault of the caller's own code, which must be thrown on.
 */
export function isFirebaseAuthFailure(error: unknown): boolean {
  if (error instanceof FirebaseAuthTimeout) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(auth|app)\//.test(code);
}

export async function callFirebaseAuth<T>(call: (auth: Auth) => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FirebaseAuthTimeout()), LOOKUP_DEADLINE_MS);
  });
  try {
    return await Promise.race([call(getAuth(adminApp(serverEnv()))), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
