/**
 * What the store-side search costs at 50,000 products (docs/BENCHMARKS.md,
 * "Search engine choice"): keys per product, write time per product (the
 * import through Store.upsertProducts, keys included), and per query its
 * latency and the documents or rows it reads (the candidate queries of
 * lib/data/rules/search-rank.ts, counted here; an empty Firestore query is billed
 * one read). SQLite in a temporary file; Firestore on the emulator named by
 * FIRESTORE_EMULATOR_HOST, in a project of its own.
 *
 *   node --conditions=react-server --import tsx bench/search-store.mjs sqlite [count]
 *   FIRESTORE_EMULATOR_HOST=127.0.0.1:8772 node --conditions=react-server --import tsx bench/search-store.mjs firestore [count]
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreStore } from "../lib/data/firestore/store.ts";
import { firestoreCandidates } from "../lib/data/firestore/catalog-search.ts";
import { openSqliteStore } from "../lib/data/sqlite/store.ts";
import { centsOfDollars } from "../lib/data/contract/money.ts";
import { sqliteCandidates } from "../lib/data/sqlite/catalog-search.ts";
import { productSearchKeys } from "../lib/data/rules/search-keys";
import { runSearch } from "../lib/data/rules/search-rank";

const [backend, countArg] = process.argv.slice(2);
const COUNT = Number(countArg ?? 50_000);
const BATCH = 250;
const TYPES = ["Electronics", "Accessories", "Book", "Sport"];
const QUERIES = [
  ["headphnes", null],
  ["watches", null],
  ["Laptops", null],
  ["ear buds", null],
  ["wireless", "Electronics"],
  ["the", null],
  ["zzqx nothing", null],
];

/** bench/scale.mjs's catalogue: the 48 demo products, then numbered copies, newest first. */
function catalogueOf(count) {
  const demo = JSON.parse(readFileSync("data/demo-products.json", "utf8"));
  const products = demo.slice(0, count).map(({ id, name, image, price, details, type }) => ({ id, name, image, price, details, type }));
  for (let i = products.length; i < count; i++) {
    const base = demo[i % demo.length];
    products.push({
      id: `scale-${i}`,
      name: `${base.name} No. ${i}`,
      image: base.image,
      price: base.price,
      details: base.details,
      type: TYPES[i % TYPES.length],
    });
  }
  const now = Date.now();
  // The store takes whole cents (the demo file holds dollars, as an import does).
  return products.map(({ price, ...p }, i) => ({ ...p, priceCents: centsOfDollars(price), createdAt: now - i * 1000 }));
}

const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(store, candidates, extra) {
  const products = catalogueOf(COUNT);
  const keys = products.map((p) => productSearchKeys(p).length);
  const started = process.hrtime.bigint();
  for (let i = 0; i < products.length; i += BATCH) await store.upsertProducts(products.slice(i, i + BATCH));
  const importMs = ms(started);
  const rows = [];
  for (const [query, type] of QUERIES) {
    const times = [];
    let reads = 0;
    let found = [];
    for (let round = 0; round < 3; round++) {
      reads = 0;
      const t = process.hrtime.bigint();
      found = await runSearch(query, { type, limit: 48 }, async (request) => {
        const list = await candidates(request);
        reads += Math.max(1, list.length);
        return list;
      });
      times.push(ms(t));
    }
    rows.push({ query, type, ms: +median(times).toFixed(1), reads, shown: found.length, first: found[0]?.name ?? null });
  }
  return {
    backend,
    count: COUNT,
    importSeconds: +(importMs / 1000).toFixed(1),
    writeMsPerProduct: +(importMs / COUNT).toFixed(3),
    keysPerProduct: { mean: +(keys.reduce((a, b) => a + b, 0) / keys.length).toFixed(1), max: Math.max(...keys) },
    ...(await extra()),
    queries: rows,
  };
}

if (backend === "sqlite") {
  const dir = mkdtempSync(join(tmpdir(), "search-store-"));
  const path = join(dir, "shop.db");
  try {
    const store = openSqliteStore(path);
    const db = new Database(path, { readonly: true });
    const result = await measure(store, sqliteCandidates(db), async () => ({
      keyRows: db.prepare("SELECT COUNT(*) AS n FROM product_search_keys").get().n,
      databaseMB: +(statSync(path).size / 1e6 + statSync(`${path}-wal`, { throwIfNoEntry: false })?.size / 1e6 || 0).toFixed(1),
    }));
    console.log(JSON.stringify(result, null, 2));
    db.close();
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else if (backend === "firestore") {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error("Set FIRESTORE_EMULATOR_HOST to the emulator's host:port");
  const app = initializeApp({ projectId: `demo-search-bench-${Date.now().toString(36)}` });
  const db = getFirestore(app);
  const store = createFirestoreStore(db);
  console.log(JSON.stringify(await measure(store, firestoreCandidates(db.collection("products")), async () => ({})), null, 2));
  await store.close();
} else {
  console.error("usage: bench/search-store.mjs sqlite|firestore [count]");
  process.exit(2);
}
