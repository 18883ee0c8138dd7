import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { describe } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { storeContract } from "./store-contract";

const host = process.env.FIRESTORE_EMULATOR_HOST;
const projectId = process.env.FIRESTORE_TEST_PROJECT ?? "demo-storefront-test";
let n = 0;

/** Wipes the emulator's database so every test starts from an empty store. */
async function clearEmulator(): Promise<void> {
  const url = `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: "DELETE" });
  if (!response.ok) throw new Error(`Could not clear the Firestore emulator: HTTP ${response.status}`);
}

describe(
  "Firestore store contract",
  { skip: host ? false : "FIRESTORE_EMULATOR_HOST is not set: start the Firestore emulator to run this suite (README)" },
  () => {
    storeContract(async () => {
      await clearEmulator();
      // A fresh app per test: close() terminates its Firestore instance.
      const app = initializeApp({ projectId }, `contract-${++n}`);
      return createFirestoreStore(getFirestore(app));
    });
  },
);
