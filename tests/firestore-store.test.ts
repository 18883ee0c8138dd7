import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { storeContract } from "./store-contract";

const host = process.env.FIRESTORE_EMULATOR_HOST;
const run = Date.now().toString(36);
let n = 0;

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
    storeContract(async () => {
      // Each test gets its own demo project, so every store starts empty
      // without relying on an emulator's reset endpoint.
      n += 1;
      const app = initializeApp({ projectId: `demo-contract-${run}-${n}` }, `contract-${run}-${n}`);
      return createFirestoreStore(getFirestore(app));
    });
  });
}
