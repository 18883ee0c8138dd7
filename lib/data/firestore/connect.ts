import { getFirestore, type Firestore } from "firebase-admin/firestore";
import type { ServerEnv } from "@/lib/env";
import { adminApp } from "@/lib/firebase/admin-app";

export function firestoreFromEnv(env: ServerEnv): Firestore {
  const db = getFirestore(adminApp(env));
  // Some legacy documents hold undefined-valued fields from the original app;
  // ignoring them on write keeps a stray undefined from failing a whole batch.
  db.settings({ ignoreUndefinedProperties: true });
  return db;
}
