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

export async function callFirebaseAuth<T>(call: (auth: Auth) => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Firebase Auth did not answer within ${LOOKUP_DEADLINE_MS / 1000} s`)), LOOKUP_DEADLINE_MS);
  });
  try {
    return await Promise.race([call(getAuth(adminApp(serverEnv()))), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
