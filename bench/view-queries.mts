// The store calls a browsing view's page makes when it is not cached, timed
// through one adapter alone (no shop, no page): the floor under that page's
// first render (bench/lib/browse-views.mjs names the views). With the store
// the shop would choose from the same environment (lib/data's chooseBackend:
// a local shop's environment names both SQLITE_PATH and the emulator), and the views as JSON in argv[2]; prints
// one JSON line: the backend, and per view the first run and the median of
// three in milliseconds, the products found, or the error a call ended with
// (the emulator's scans can outlast the store's deadline) and after how long;
// and for a category's page past the first, the count proxy.ts's page check makes.
//   SQLITE_PATH=/tmp/50k.db node --conditions=react-server --import tsx bench/view-queries.mts '[…]'
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { createFirestoreStore } from "../lib/data/firestore/store";
import { openSqliteStore } from "../lib/data/sqlite/store";
import type { Store } from "../lib/data/contract/store";
import { chooseBackend } from "../lib/data/index";
import type { ServerEnv } from "../lib/env";
import type { CatalogFilter } from "../lib/data/contract/catalog-filters";
import type { CatalogSort, ProductType } from "../lib/data/contract/catalog";

/**
 * A category's filtered page `page` as its miss reads it (lib/catalog/read-listing.ts): after the
 * cursor of the page before's cached entry ("page before": only this page's query), or cold, each
 * page from the first in turn, as the nested entries fill ("first page").
 */
type FilteredQuery = {
  kind: "filtered";
  type: ProductType;
  sort: CatalogSort;
  filter: CatalogFilter;
  page: number;
  limit: number;
  from: "page before" | "first page";
};
type BareQuery = FilteredQuery | { kind: "search"; query: string; limit: number };

interface View {
  label: string;
  bare: BareQuery;
}

const backend = chooseBackend(process.env as unknown as ServerEnv).kind;
const sqlitePath = process.env.SQLITE_PATH;
if (backend === "sqlite" && !sqlitePath) throw new Error("bench/view-queries.mts needs SQLITE_PATH, or STORE_BACKEND=firestore");
const store: Store =
  backend === "firestore"
    ? createFirestoreStore(getFirestore(initializeApp({ projectId: "demo-storefront" })))
    : openSqliteStore(sqlitePath!);

/** One page of a filtered view after `after`, then its products' stock, as one cache entry's miss reads them; its cursor on. */
async function filteredPage({ type, sort, filter, limit }: FilteredQuery, after: string | null) {
  const { products, next } = await store.listFilteredProducts({ type, sort, filter, after, position: 0, limit });
  await store.getStock(products.map((p) => p.id));
  return { found: products.length, next };
}

/** The cursor page `bare.page` starts at: the pages before it read in turn (untimed when the page before is cached). */
async function cursorBefore(bare: FilteredQuery): Promise<string | null> {
  let after: string | null = null;
  for (let page = 1; page < bare.page; page++) after = (await filteredPage(bare, after)).next;
  return after;
}

/** What the page's miss asks (lib/catalog/read-listing.ts, read-search.ts): its products and count together, then their stock. */
async function run(bare: BareQuery, cursor: string | null): Promise<number> {
  if (bare.kind === "filtered") {
    const page = bare.from === "page before" ? filteredPage(bare, cursor) : cursorBefore(bare).then((after) => filteredPage(bare, after));
    const [{ found }] = await Promise.all([page, store.countFilteredProducts({ type: bare.type, filter: bare.filter })]);
    return found;
  }
  const results = await store.searchProducts(bare.query, { type: null, limit: bare.limit });
  await store.getStock(results.map((p) => p.id));
  return results.length;
}

/**
 * What proxy.ts asks before a category's page past the first renders, once
 * per type in each process (lib/catalog/listing-page-exists.ts): the type's
 * count, which decides whether the page is a 404. Timed alone, first run.
 */
async function pageCheckMs(bare: BareQuery): Promise<number | null> {
  if (bare.kind !== "filtered" || bare.page === 1) return null;
  const started = performance.now();
  await store.countProducts(bare.type);
  return performance.now() - started;
}

const views = JSON.parse(process.argv[2] ?? "[]") as View[];
type Timed = ({ firstMs: number; medianMs: number; found: number } | { failed: string; afterMs: number }) & {
  pageCheckMs?: number | string | null;
};
const out: Record<string, Timed> = {};
for (const { label, bare } of views) {
  const runs: number[] = [];
  let found = 0;
  let started = performance.now();
  try {
    // The cursor the page before's cached entry holds: read untimed, as the shop takes it from its cache.
    const cursor = bare.kind === "filtered" && bare.from === "page before" ? await cursorBefore(bare) : null;
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      found = await run(bare, cursor);
      runs.push(performance.now() - started);
    }
    out[label] = { firstMs: runs[0], medianMs: [...runs].sort((a, b) => a - b)[1], found };
  } catch (error) {
    out[label] = { failed: String((error as { code?: string }).code ?? (error as Error).message), afterMs: performance.now() - started };
  }
  // A count the emulator does not answer in time is reported as such, not left to end the run.
  out[label].pageCheckMs = await pageCheckMs(bare).catch(
    (error: unknown) => `failed (${(error as { code?: string }).code ?? String(error)})`,
  );
}
console.log(JSON.stringify({ backend, views: out }));
process.exit(0);
