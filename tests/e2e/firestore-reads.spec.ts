/**
 * What an instance reads from Firestore, counted on the wire by the bench's
 * counter (bench/counting/), which this spec loads into a second instance of
 * the suite's shop on the suite's store from outside (`node --import`, through
 * NODE_OPTIONS): the shop itself carries no counter. Issue 10 saw: a search
 * that missed the cache read every product (now: the products its keys find), `/api/health` read every
 * Electronics product, and a made-up guest cookie made the instance open a
 * cart listener. These checks hold the fixes; the figures per view, search and
 * add live in the bench (docs/BENCHMARKS.md §6).
 *
 * Firestore pass only (tests/e2e/passes.json): the counter counts Firestore's
 * billed reads, which SQLite does not have.
 */
import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { baseURL } from "../../playwright.config";
import { freshShopConfig, removeShopData, startShop, stopShop, type ShopConfig, type ShopProcess } from "./helpers/shop-process";
import { openLiveStream } from "./helpers/live-stream";
import { actionId, callAction, CookieJar } from "./helpers/server-actions";
import { signInAsAdmin } from "./helpers/accounts";
import { addProductThroughForm } from "./helpers/admin-form";
import { productCount } from "./helpers/db";
import { placeOrderInSuiteStore, takeStepInSuiteStore } from "./helpers/orders";
import { orderEventsPath, parseOrderRevision } from "../../lib/live/order-page-protocol";
import { demoProducts } from "./support";
import { countingEnv, readCounts } from "../../bench/counting/client.mjs";
import type { FirestoreWireCounts } from "../../bench/counting/firestore-wire.mjs";

const GUEST_CART_COOKIE = "sf_cart";
// The load spec's shop takes the suite's port + 50, the two-instance spec's + 60.
const port = Number(new URL(baseURL).port) + 70;
const countsURL = `http://127.0.0.1:${port + 1}/`;

let config: ShopConfig;
let shop: ShopProcess;
let url = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  config = await freshShopConfig(port, { shareSuiteStore: true });
  Object.assign(config.env, countingEnv(port + 1, config.env));
  shop = await startShop(config);
  url = config.url;
});

test.afterAll(async () => {
  if (shop) await stopShop(shop);
  if (config) removeShopData(config);
});

/** The instance's Firestore counts now; reading them reads no document. */
async function counts(): Promise<FirestoreWireCounts> {
  const read = await readCounts(countsURL);
  expect(read.backend, "the instance counts Firestore reads").toBe("firestore");
  return read.firestore!;
}

/** Documents read from one collection ("products", "products where", "meta"…) between two counts. */
const readsOf = (after: FirestoreWireCounts, before: FirestoreWireCounts, collection: string) =>
  (after.byCollection[collection]?.reads ?? 0) - (before.byCollection[collection]?.reads ?? 0);

/** Queries sent to one collection between two counts (each billed as the documents it returns, at least 1). */
const queriesOf = (after: FirestoreWireCounts, before: FirestoreWireCounts, collection: string) =>
  (after.byCollection[collection]?.queries ?? 0) - (before.byCollection[collection]?.queries ?? 0);

const cartListeners = (wire: FirestoreWireCounts) =>
  Object.entries(wire.listeners.byPath)
    .filter(([path]) => path.startsWith("carts/"))
    .reduce((sum, [, n]) => sum + n, 0);

async function page(path: string): Promise<string> {
  const response = await fetch(`${url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

// First, before any page: what the instance read by starting.
test("an instance's start listens to one document for catalogue changes and to new stock notices, not to the products", async () => {
  const firestore = await counts();
  expect(firestore.listeners.byPath, "the catalogue listener watches the version document").toMatchObject({ "meta/catalog": 1 });
  expect(firestore.listeners.byPath.products, "no listener on the products collection").toBeUndefined();
  // And the stock feed (lib/catalog/stock-feed.ts) one query: the stock notices written since it
  // started, whose first answer is empty, billed as one read.
  expect(firestore.listeners.active, "two listeners: the catalogue's version and the stock notices").toBe(2);
  expect(
    firestore.byKind.snapshots.documents,
    "the start's snapshots: the version document, and the stock notices' empty first answer",
  ).toBe(2);
});

test("/api/health reads one document", async () => {
  const before = await counts();
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  const after = await counts();
  expect(after.documentReads - before.documentReads).toBe(1);
  expect(readsOf(after, before, "health"), "the health document, never product data").toBe(1);
});

test("once the catalogue is cached, category pages and a seen product's page read nothing", async () => {
  // A product's first page view reads that product (the proxy's 404 check, lib/catalog/product-exists.ts,
  // and the page's own cache entry); a category's first view reads its own newest (one ordered query).
  for (const path of ["/electronics", "/accessories", `/details-page/${demoProducts[0].id}`]) await page(path);
  const before = await counts();
  for (const path of ["/electronics", "/accessories", `/details-page/${demoProducts[0].id}`]) await page(path);
  const after = await counts();

  expect(after.documentReads - before.documentReads, "documents read").toBe(0);
});

test("a search never seen before reads only the products its keys find, never the catalogue; a repeated one reads nothing", async () => {
  // Names first, then details (lib/data/rules/search-rank.ts): two indexed queries, each billed one read when it finds nothing.
  let before = await counts();
  const nothing = await page(`/search?q=${encodeURIComponent(`zzq${randomUUID().slice(0, 8)}`)}`);
  expect(nothing).toContain("no posts");
  let after = await counts();
  // Names first, then details; the results' version mark is the one this instance's feed has
  // expired (lib/catalog/read.ts, getCatalogVersionShowing), no read.
  expect(after.documentReads - before.documentReads, "a search that finds nothing: two empty queries").toBe(2);
  expect(readsOf(after, before, "meta"), "its mark: no read of the version").toBe(0);
  expect(readsOf(after, before, "products"), "no read of the whole collection").toBe(0);

  const query = `${demoProducts[0].name} ${randomUUID().slice(0, 8)}`;
  before = await counts();
  const results = await page(`/search?q=${encodeURIComponent(query)}`);
  after = await counts();
  expect(results, "the search finds the product").toContain(demoProducts[0].name);
  const reads = after.documentReads - before.documentReads;
  expect(reads, "the products its words find, fewer than the catalogue").toBeLessThan(await productCount());
  // The results' stock (lib/catalog/read.ts reads it with them): queries by id, 30 ids each, each
  // billed as the stock documents it finds (other specs' products may track stock), one read when none.
  expect(readsOf(after, before, "stock"), "no get of a stock document").toBe(0);
  // Every view of the query is cut from its whole ranked list (lib/catalog/read-search.ts): its count line says how long.
  const resultCount = Number(/>(\d+) products?\b/.exec(results)?.[1]);
  expect(resultCount, "the count line says how many products the search lists").toBeGreaterThan(0);
  expect(queriesOf(after, before, "stock where"), "the results' stock: at least one query").toBeGreaterThan(0);
  expect(queriesOf(after, before, "stock where"), "the results' stock: one query per 30 results of the whole list").toBeLessThanOrEqual(
    Math.ceil(resultCount / 30),
  );
  expect(readsOf(after, before, "stock where"), "each query billed at least one read").toBeGreaterThanOrEqual(
    queriesOf(after, before, "stock where"),
  );
  expect(reads, "all of them the search's queries and the results' stock").toBe(
    readsOf(after, before, "products where") + readsOf(after, before, "stock where"),
  );

  before = await counts();
  await page(`/search?q=${encodeURIComponent(query)}`);
  after = await counts();
  expect(after.documentReads - before.documentReads, "the same search again: its cached page").toBe(0);
});

test("a product's page reads that product and what its 'more like this' shows, once per instance; an unknown id once per request", async () => {
  const last = demoProducts[demoProducts.length - 1];
  const product = last.id;
  let before = await counts();
  await page(`/details-page/${product}`);
  let after = await counts();
  // Two single-document reads, whatever the catalogue's size: the proxy's productExists and
  // the page's own entry (getProductShown in lib/catalog/read.ts, with the product's stock document), never the whole catalogue.
  expect(readsOf(after, before, "products"), "both are gets of the product").toBe(2);
  // "More like this" (lib/catalog/more-like-this.ts): two ordered queries on the price index, one each side of its price, at
  // most 13 each; a type of at most 14 products (the demo's) is read whole by them, the product itself once among them.
  expect(queriesOf(after, before, "products where"), "more like this: one query each side of the price").toBe(2);
  expect(readsOf(after, before, "products where"), "what it shows, and the product itself").toBe(
    demoProducts.filter((p) => p.type === last.type).length,
  );
  expect(queriesOf(after, before, "stock where"), "its stock, and the stock of what more like this shows").toBe(2);
  expect(readsOf(after, before, "stock where"), "billed as the stock documents found, at least one per query").toBeGreaterThanOrEqual(2);
  expect(after.documentReads - before.documentReads, "and nothing else").toBe(
    readsOf(after, before, "products") + readsOf(after, before, "products where") + readsOf(after, before, "stock where"),
  );
  before = after;
  await page(`/details-page/${product}`);
  await page(`/details-page/${product}`);
  after = await counts();
  expect(after.documentReads - before.documentReads, "later views: nothing").toBe(0);
  before = after;
  for (let i = 0; i < 2; i++) expect((await fetch(`${url}/details-page/no-such-${randomUUID().slice(0, 8)}`)).status).toBe(404);
  after = await counts();
  expect(after.documentReads - before.documentReads, "each unknown id: one read").toBe(2);
});

test("a made-up guest cookie opens no cart listener; a real cart does, while its tab is open", async () => {
  const before = await counts();
  expect(cartListeners(before), "no cart listener before").toBe(0);

  const madeUp = await openLiveStream(url, `${GUEST_CART_COOKIE}=${randomUUID()}`);
  expect(madeUp.cart).toEqual({ items: [], hasOwner: false });
  expect(cartListeners(await counts()), "a made-up cookie holds no cart listener").toBe(0);
  madeUp.close();

  // Control: the same check sees a listener once the guest has a cart.
  const jar = new CookieJar();
  const add = await callAction<{ ok: boolean }>({
    baseURL: url,
    id: actionId("lib/cart/actions.ts", "addToCartAction"),
    args: [demoProducts[1].id],
    jar,
  });
  expect(add.result).toMatchObject({ ok: true });
  const real = await openLiveStream(url, jar.header());
  expect(real.cart.hasOwner).toBe(true);
  expect(real.cart.items).toHaveLength(1);
  expect(cartListeners(await counts()), "a real cart's open tab holds its listener").toBe(1);
  real.close();
  await expect.poll(async () => cartListeners(await counts()), { timeout: 10_000 }).toBe(0);
});

/** An order page's live channel as its tab holds it: `revision()` resolves with the next revision it says. */
async function openOrderStream(orderId: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}${orderEventsPath(orderId, token)}`, {
    headers: { accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async revision(): Promise<number | null> {
      for (;;) {
        const match = /event: order\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return parseOrderRevision(match[1]);
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

const orderListeners = (wire: FirestoreWireCounts, orderId: string) => wire.listeners.byPath[`orders/${orderId}`] ?? 0;

test("an open order page's live channel: one listener per order however many pages show it; opening reads the order twice, a step once, waiting nothing (issue 38, item 10)", async () => {
  test.setTimeout(90_000);
  const order = await placeOrderInSuiteStore(`reads-order-${Date.now()}@example.com`, { [demoProducts[3].id]: 1 });
  const before = await counts();
  const first = await openOrderStream(order.id, order.token);
  expect(await first.revision()).toBe(0);
  const opened = await counts();
  expect(opened.documentReads - before.documentReads, "who may follow it (the order) and the listener's first snapshot").toBe(2);
  expect(orderListeners(opened, order.id)).toBe(1);

  const second = await openOrderStream(order.id, order.token);
  expect(await second.revision()).toBe(0);
  const both = await counts();
  expect(both.documentReads - opened.documentReads, "a second page reads the order once to open: the listener is shared").toBe(1);
  expect(orderListeners(both, order.id)).toBe(1);

  // The desk of another instance ships it: each page hears it from this instance's one listener.
  await takeStepInSuiteStore(order.id, "ship", "READS-TRACK-1");
  expect(await first.revision()).toBe(1);
  expect(await second.revision()).toBe(1);
  const stepped = await counts();
  expect(stepped.documentReads - both.documentReads, "one snapshot of the order, whatever the pages").toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect((await counts()).documentReads - stepped.documentReads, "an open page that waits reads nothing").toBe(0);

  first.close();
  second.close();
  await expect.poll(async () => orderListeners(await counts(), order.id), { timeout: 10_000 }).toBe(0);
});

/** The products a listing page links to, and whether it links to a page after it. */
function listed(html: string) {
  return {
    shown: new Set([...html.matchAll(/\/details-page\/([^"?#&\\]+)/g)].map((m) => m[1])).size,
    more: /rel="next"/.test(html),
  };
}

test("a listing's next page reads its own products after the page before's cursor, not the pages before it; one asked cold fills them first", async () => {
  // Accessories: pages of 8 (the demo holds 10). The proxy's page check (the type's count, once per process) first.
  await page("/accessories?page=2");
  for (const view of ["/accessories?sort=price-asc", "/accessories?sort=name-asc&min=0.01"]) {
    const first = listed(await page(view));
    expect(first.shown, `${view}: a full first page`).toBe(8);
    const before = await counts();
    const second = listed(await page(`${view}&page=2`));
    const after = await counts();
    expect(second.shown, `${view}: page 2 shows the rest`).toBeGreaterThan(0);
    // Its own products, and one more when another page follows: never page 1's 8 again (an offset would bill them).
    expect(readsOf(after, before, "products where"), `${view}, page 2 after page 1`).toBe(second.shown + (second.more ? 1 : 0));
  }
  // Asked cold (the filter counted above), page 2 fills page 1 first (8 and the one more that says page 2 exists), then reads its own.
  const before = await counts();
  const cold = listed(await page("/accessories?sort=price-desc&min=0.01&page=2"));
  const after = await counts();
  expect(readsOf(after, before, "products where"), "page 1, then page 2").toBe(8 + 1 + cold.shown + (cold.more ? 1 : 0));
});

test("a catalogue change made through another instance costs this one its notice; what the change touched then reads what it shows, nothing else is re-rendered", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // An Electronics product's page: a Sport product added changes neither it nor its "more like this".
  const product = demoProducts[0].id;
  await page(`/details-page/${product}`);
  await page("/electronics");
  await page("/accessories");
  // A tab opens its live stream: `ready` gives the version the pages show, from this instance's feed.
  const beforeOpen = await counts();
  const tab = await openLiveStream(url);
  tab.close();
  const shownVersion = Number(tab.catalogVersion);
  expect(Number.isSafeInteger(shownVersion), "ready's version").toBe(true);
  const beforeChange = await counts();
  expect(beforeChange.documentReads - beforeOpen.documentReads, "opening a stream: no read").toBe(0);

  // The suite's own shop is the other instance; the admin adds a product there.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  await addProductThroughForm(adminPage, {
    name: `Reads Spec Ball ${randomUUID().slice(0, 8)}`,
    image: "https://images.example.com/reads-spec-ball.jpg",
    price: "9.99",
    details: "Added through the other instance.",
    type: "Sport",
  });
  await admin.close();
  const notices = (wire: FirestoreWireCounts) => wire.listeners.snapshotsByPath["meta/catalog"] ?? 0;
  await expect.poll(async () => notices(await counts()), { timeout: 15_000 }).toBeGreaterThan(notices(beforeChange));
  // Past the change feed's second expiry (lib/catalog/change-feed.ts, 2 s), which reads nothing either.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const noticed = await counts();
  expect(noticed.byKind.snapshots.documents - beforeChange.byKind.snapshots.documents, "the notice: the version document once").toBe(1);
  expect(noticed.documentReads - beforeChange.documentReads, "the notice reads nothing else").toBe(1);

  // What the change touched (lib/catalog/tags.ts): a Sport product added expires the newest
  // lists, Sport's lists, search and the sitemap; never another product's page or another type's.
  await page(`/details-page/${product}`);
  await page("/electronics");
  await page("/accessories");
  const afterUntouched = await counts();
  expect(
    afterUntouched.documentReads - noticed.documentReads,
    "another product's page and other types' pages: not re-rendered, nothing read",
  ).toBe(0);

  // Home lists the new product: it reads what it shows, one ordered query of exactly 40 (read as a
  // final page: no document more to say whether another follows), their stock (queries of 30 ids, each billed as the
  // stock documents it finds, one read when none: the demo catalogue tracks no stock); its mark
  // takes the version the feed has just expired, no read.
  await page("/");
  const afterHome = await counts();
  // An ordered query without a filter counts under "products", as a get of one product does.
  expect(readsOf(afterHome, afterUntouched, "products"), "home: its 40 newest, no document more (a final page)").toBe(
    Math.min(HOME_SHOWN, await productCount()),
  );
  expect(readsOf(afterHome, afterUntouched, "meta"), "home's mark: no read of the version").toBe(0);
  const stockQueries = Math.ceil(Math.min(HOME_SHOWN, await productCount()) / 30);
  expect(queriesOf(afterHome, afterUntouched, "stock where"), "home: the stock of the 40 it shows, in queries of 30").toBe(stockQueries);
  expect(
    readsOf(afterHome, afterUntouched, "stock where"),
    "billed as the stock documents found, at least one per query",
  ).toBeGreaterThanOrEqual(stockQueries);
  expect(afterHome.documentReads - afterUntouched.documentReads, "and nothing else").toBe(
    readsOf(afterHome, afterUntouched, "products") + readsOf(afterHome, afterUntouched, "stock where"),
  );
  const afterCategories = afterHome;

  // A search reads the products its keys find (lib/data/rules/search-rank.ts), never the catalogue.
  await page(`/search?q=${encodeURIComponent("reads spec ball")}`);
  const afterSearch = await counts();
  const searchReads = afterSearch.documentReads - afterCategories.documentReads;
  expect(searchReads, "the search: the products its words find, not the catalogue").toBeLessThan(await productCount());
  expect(readsOf(afterSearch, afterCategories, "products where"), "all of them through the search's indexed queries, and their stock").toBe(
    searchReads - readsOf(afterSearch, afterCategories, "stock where"),
  );

  // A tab that was open through the change reopens its stream with the version its page showed:
  // `ready` lists the change from what this instance has expired (lib/live/catalog-ready.ts).
  const beforeStream = await counts();
  const reopened = await openLiveStream(url, undefined, shownVersion);
  reopened.close();
  expect(reopened.ready?.changes?.length, "the change made on the other instance").toBeGreaterThanOrEqual(1);
  expect(
    reopened.ready?.changes?.some((change) => change.tags.includes("type:Sport")),
    "a Sport product's change",
  ).toBe(true);
  expect((await counts()).documentReads - beforeStream.documentReads, "ready from the feed: no read").toBe(0);
});

/** Products home lists (lib/catalog/home-sections.ts, HOME_LAST_POSITION). */
const HOME_SHOWN = 40;
