// The store's own queries at the catalogue's size, timed through one
// adapter alone (no shop, no page): the floor under a page's first render.
// With the emulator on FIRESTORE_EMULATOR_HOST holding a catalogue
// (scripts/seed.ts on bench/scale.mjs's catalogueOf(n)), or a SQLite file
// seeded the same way on SQLITE_PATH:
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:PORT node --conditions=react-server --import tsx bench/store-queries.mts
//   SQLITE_PATH=/tmp/50k.db node --conditions=react-server --import tsx bench/store-queries.mts
// Each query three times, in milliseconds; a query the store gives up on
// (its 10 s deadline) is printed with the error.
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreStore } from "../lib/data/firestore/store";
import { openSqliteStore } from "../lib/data/sqlite/store";

const sqlitePath = process.env.SQLITE_PATH;
const store = sqlitePath
  ? openSqliteStore(sqlitePath)
  : createFirestoreStore(getFirestore(initializeApp({ projectId: "demo-storefront" })));
console.log(`${store.kind} store`);
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
await time("newest 41 (home)", () => store.listProductsPage({ type: null, sort: "newest", limit: 41, after: null }));
await time("Electronics newest 12 (category, a final page)", () =>
  store.listProductsPage({ type: "Electronics", sort: "newest", limit: 12, after: null, final: true }),
);
// A category's numbered pages (lib/catalog/read-listing.ts): page N is an offset of N - 1 pages of 12.
await time("Electronics by price, page 3 (offset 24)", () =>
  store.listProductsPageAt({ type: "Electronics", sort: "price-asc", position: 24, limit: 12 }),
);
await time("Electronics newest, page 100 (offset 1,188)", () =>
  store.listProductsPageAt({ type: "Electronics", sort: "newest", position: 1_188, limit: 12 }),
);
await time("Electronics by name, page 1,000 (offset 11,988)", () =>
  store.listProductsPageAt({ type: "Electronics", sort: "name-asc", position: 11_988, limit: 12 }),
);
await time("count Electronics", () => store.countProducts("Electronics"));
// A category's filtered views (Store.listFilteredProducts): page 3 of a selective and an unselective price range, sorted by
// price (a range of the price index) and newest (the range beside another order), and "in stock only".
const narrow = { minCents: 5_000, maxCents: 6_000, inStockOnly: false };
const wide = { minCents: 100, maxCents: 100_000, inStockOnly: true };
for (const [what, filter] of [
  ["$50-$60", narrow],
  ["$1-$1,000 in stock", wide],
] as const) {
  for (const sort of ["price-asc", "newest"] as const) {
    await time(`Electronics ${what}, ${sort}, page 3`, () =>
      store.listFilteredProducts({ type: "Electronics", sort, filter, after: null, position: 24, limit: 12 }),
    );
  }
  await time(`count Electronics ${what}`, () => store.countFilteredProducts({ type: "Electronics", filter }));
}
await time("search 'revised'", () => store.searchProducts("revised", { type: null, limit: 100 }));
await time("product by id", () => store.getProduct("scale-49999"));
process.exit(0);
