import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { describe } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { storeContract } from "./store-contract";

const host = process.env.FIRESTORE_EMULATOR_HOST;
const run = Date.now().toString(36);
let n = 0;

describe(
  "Firestore store contract",
  { skip: host ? false : "FIRESTORE_EMULATOR_HOST is not set: start the Firestore emulator to run this suite (README)" },
  () => {
    storeContract(async () => {
      // Each test gets its own demo project, so every store starts empty
      // without relying on an emulator's reset endpoint.
      n += 1;
      const app = initializeApp({ projectId: `demo-contract-${run}-${n}` }, `contract-${run}-${n}`);
      return createFirestoreStore(getFirestore(app));
    });
  },
);
