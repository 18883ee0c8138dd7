// The store's own queries at the catalogue's size, timed through the
// Firestore adapter alone (no shop, no page): the floor under a page's first
// render on the emulator. With the emulator on FIRESTORE_EMULATOR_HOST
// holding a catalogue (scripts/seed.ts on bench/scale.mjs's catalogueOf(n)):
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:PORT node --conditions=react-server --import tsx bench/store-queries.mts
// Each query three times, in milliseconds; a query the store gives up on
// (its 10 s deadline) is printed with the error.
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreStore } from "../lib/data/firestore/store";

const store = createFirestoreStore(getFirestore(initializeApp({ projectId: "demo-storefront" })));
const time = async (label: string, fn: () => Promise<unknown>) => {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = performance.now();
    try {
      await fn();
    } catch (e) {
      console.log(label, String(e));
    }
    runs.push(performance.now() - s);
  }
  console.log(label, runs.map((r) => r.toFixed(0)).join(" / "), "ms");
};
await time("newest 41 (home)", () => store.listProductsPage({ type: null, limit: 41, after: null }));
await time("Electronics newest 13 (category)", () => store.listProductsPage({ type: "Electronics", limit: 13, after: null }));
await time("count Electronics", () => store.countProducts("Electronics"));
await time("search 'revised'", () => store.searchProducts("revised", { type: null, limit: 100 }));
await time("product by id", () => store.getProduct("scale-49999"));
process.exit(0);
