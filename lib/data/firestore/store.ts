/** The Firestore store as the shop, scripts and tests open it: the adapter behind the validation door. */
import type { Firestore } from "firebase-admin/firestore";
import type { Store } from "../contract/store";
import { validatingStore } from "../validating-store";
import { createFirestoreAdapter } from "./adapter";
import type { FirestoreStoreOptions } from "./context";

export type { FirestoreStoreOptions } from "./context";

export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  return validatingStore(createFirestoreAdapter(db, options));
}
