import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { StoreOptions } from "@/lib/data/contract/store";
import type { Store } from "@/lib/data/contract/store";
import { storeContract } from "./store-contract";

const host = process.env.FIRESTORE_EMULATOR_HOST;
const run = Date.now().toString(36);
let projects = 0;
let apps = 0;

/** A store on `projectId` through its own firebase-admin app: what one server process holds. */
function storeOn(projectId: string, options?: StoreOptions): Store {
  apps += 1;
  const app = initializeApp({ projectId }, `contract-${run}-${apps}`);
  return createFirestoreStore(getFirestore(app), options);
}

const projectOf = new WeakMap<Store, string>();

if (!host) {
  // A failure, not a skip: a green run that never touched Firestore would
  // claim the production backend passes a suite it never ran.
  it("Firestore store contract needs the emulator", () => {
    throw new Error(
      "FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself, or start one and set it",
    );
  });
} else {
  describe("Firestore store contract", () => {
    storeContract(
      async (options) => {
        // Each test gets its own demo project, so every store starts empty
        // without relying on an emulator's reset endpoint.
        projects += 1;
        const projectId = `demo-contract-${run}-${projects}`;
        const store = storeOn(projectId, options);
        projectOf.set(store, projectId);
        return store;
      },
      // Another "process" on the same database: a second firebase-admin app.
      async (first) => storeOn(projectOf.get(first)!),
    );
  });
}
