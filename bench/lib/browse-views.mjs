// Issue 41, item 7: a browsing view's first render at the catalogue's size,
// beside the same store calls' bare time in the same run. The views: a
// category sorted and filtered, page 3, with a selective price range and an
// unselective one "in stock only", each reached as a shopper pages on (its
// pages 1 and 2 asked first); the unselective one in another order asked
// cold at page 3 (a shared link: its miss fills pages 1 and 2 first,
// lib/catalog/read-listing.ts); a search's view sorted by price, in stock,
// page 3. Each is asked once uncached (its first render, timed to the last
// byte) and once more (the page cache's answer); the bare calls run in a
// process of their own against the same store (bench/view-queries.mts).
import { spawnSync } from "node:child_process";
import { difference, figuresOf } from "./counts.mjs";

/** A category view's address at page `page`. */
const pageOf = (path, page) => `${path}&page=${page}`;

/**
 * The views for a large catalogue (bench/scale.mjs's catalogueOf at 50,000):
 * the selective range is the price of the last Sport product, which about
 * one Sport product in twelve holds there, so page 3 exists. `before`: the
 * addresses asked first (a shopper's path there); `bare.from`: "page before"
 * (the miss starts at the cursor of page 2's cached entry: only page 3's
 * query is timed) or "first page" (a cold miss: pages 1 to 3 in turn).
 */
export function browseViews(products) {
  const sportPrice = products.findLast((p) => p.type === "Sport").price;
  const cents = Math.round(sportPrice * 100);
  const dollars = (c) => (c % 100 === 0 ? String(c / 100) : (c / 100).toFixed(2));
  const sport = `/sport?sort=name-asc&min=${dollars(cents)}&max=${dollars(cents)}`;
  const books = "/books?sort=price-asc&min=1&max=1000&stock=in";
  const booksDesc = "/books?sort=price-desc&min=1&max=1000&stock=in";
  const wide = { minCents: 100, maxCents: 100_000, inStockOnly: true };
  return [
    {
      label: `Sport at $${dollars(cents)}, by name, page 3 after pages 1 and 2`,
      path: pageOf(sport, 3),
      before: [sport, pageOf(sport, 2)],
      bare: {
        kind: "filtered",
        type: "Sport",
        sort: "name-asc",
        filter: { minCents: cents, maxCents: cents, inStockOnly: false },
        page: 3,
        limit: 12,
        from: "page before",
      },
    },
    {
      label: "Books $1 to $1,000 in stock, by price, page 3 after pages 1 and 2",
      path: pageOf(books, 3),
      before: [books, pageOf(books, 2)],
      bare: { kind: "filtered", type: "Book", sort: "price-asc", filter: wide, page: 3, limit: 12, from: "page before" },
    },
    {
      label: "Books $1 to $1,000 in stock, price high to low, page 3 asked cold",
      path: pageOf(booksDesc, 3),
      // The category's plain page 2 makes proxy.ts's page check (the type's count, once per process) before it.
      before: ["/books?page=2"],
      bare: { kind: "filtered", type: "Book", sort: "price-desc", filter: wide, page: 3, limit: 12, from: "first page" },
    },
    {
      label: 'search "wireless" in stock, by price, page 3',
      path: "/search?q=wireless&sort=price-asc&stock=in&page=3",
      before: [],
      bare: { kind: "search", query: "wireless", limit: 200 },
    },
  ];
}

/**
 * Each view's first render and its cached answer, one request at a time;
 * with `countsOf` (the shop's count tree now, bench/lib/counts.mjs), what
 * each first render read and where from.
 */
export async function renderViews(baseURL, views, countsOf = null) {
  const rows = [];
  for (const { label, path, before: askedFirst } of views) {
    // As for a shopper already in that category on this instance: a page past the first, asked first, made
    // proxy.ts's page check (the type's count, once per process; reported apart as "page check").
    for (const earlier of askedFirst) await (await fetch(`${baseURL}${earlier}`)).text();
    // Reads the process makes for earlier work (the pages above finishing their cache entries) are not this view's.
    const still = countsOf ? await quiet(countsOf) : true;
    const timed = async () => {
      const started = performance.now();
      const response = await fetch(`${baseURL}${path}`, { headers: { "accept-encoding": "identity" } });
      const html = await response.text();
      return { ms: performance.now() - started, status: response.status, html };
    };
    const before = countsOf ? await countsOf() : null;
    const first = await timed();
    const afterFirst = countsOf ? await countsOf() : null;
    const read = countsOf ? figuresOf(difference(afterFirst, before)) : null;
    const cached = await timed();
    const cachedReads = countsOf ? difference(await countsOf(), afterFirst).documents : null;
    const shown = new Set([...first.html.matchAll(/\/details-page\/([^"?#&\\]+)/g)].map((m) => m[1])).size;
    rows.push({
      label,
      path,
      firstMs: first.ms,
      status: first.status,
      cachedMs: cached.ms,
      shown,
      reads: read?.documents ?? null,
      readSources: read?.sources ?? null,
      readsAlone: still,
      cachedReads,
    });
  }
  return rows;
}

/** Waits until the shop's reads have not moved for a second: true, or false when they still moved after 30 s. */
async function quiet(countsOf) {
  const until = Date.now() + 30_000;
  let last = (await countsOf()).documents;
  let stillSince = Date.now();
  while (Date.now() - stillSince < 1_000) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = (await countsOf()).documents;
    if (now !== last) [last, stillSince] = [now, Date.now()];
  }
  return true;
}

/** The views' bare store calls against the store `env` names (chosen by the shop's own rule), each { firstMs, medianMs, found } or { failed, afterMs }. */
export function bareViewTimes(views, env) {
  const result = spawnSync(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "bench/view-queries.mts",
      JSON.stringify(views.map(({ label, bare }) => ({ label, bare }))),
    ],
    { env, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
  );
  if (result.status !== 0)
    throw new Error(`bench/view-queries.mts failed (${result.status}):\n${(result.stdout + result.stderr).slice(-3000)}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)).views;
}
