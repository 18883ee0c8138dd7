// The soak (issue 44, item 4; not in CI): mixed shoppers at a steady rate
// for `minutes` against the shop as ops run it, and what it leaves behind.
//
//   node bench/soak.mjs [minutes=20] [--two] [--heap DIR]
//
// One instance: the SQLite shop on its embedded defaults. --two: two
// instances of one build on the Firestore emulator behind one Redis for the
// rate limits (REDIS_URL), the shoppers dealt to them in turn, as a load
// balancer would. Every second one shopper starts a journey, whatever the
// others are doing (an open loop: a slow shop meets the same arrivals):
// home, a category, a search, a product page, an add to cart and a checkout
// without JavaScript, half paid by card on the Stripe stand-in's page (the
// webhook marks the order paid), half on delivery. Each step is timed to its
// whole answer; a step whose status is not the expected one is an error.
// Every minute each instance's resident memory and heap (after a full
// collection), open file descriptors, active handles and requests (timers
// included), and the data folder's bytes.
// --heap DIR: each instance's heap snapshot, after a full collection, at
// minute 5 (or half-way through a shorter soak) and at the end, for
// bench/heap-diff.mjs (each stops the process for seconds: the step times of
// such a run are not the soak's figures).
// Figures go to stdout as JSON and to bench/.soak-<one|two>.json;
// docs/BENCHMARKS.md §17 is written from them by hand.
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startFirestoreEmulator } from "../scripts/lib/firestore-emulator.mjs";
import { startRedisServer } from "../scripts/lib/redis-server.mjs";
import { readCounts, readShopMemoryAfterCollection, writeShopHeapSnapshot } from "./lib/counts.mjs";
import { startShop } from "./lib/server.mjs";
import { GUEST } from "./order-pages.mjs";
import { percentile } from "./lib/stats.mjs";

const minutes = Number(process.argv.find((arg) => /^\d+(\.\d+)?$/.test(arg)) ?? 20);
const two = process.argv.includes("--two");
const heapArg = process.argv.includes("--heap") ? process.argv[process.argv.indexOf("--heap") + 1] : null;
if (process.argv.includes("--heap") && !heapArg) throw new Error("--heap needs a folder: node bench/soak.mjs 20 --heap DIR");
const heapDir = heapArg ? resolve(heapArg) : null;
if (heapDir) mkdirSync(heapDir, { recursive: true });
const HEAP_FIRST_MINUTE = Math.min(5, Math.max(1, Math.floor(minutes / 2)));
const JOURNEYS_PER_SECOND = 1;
const demo = JSON.parse(readFileSync("data/demo-products.json", "utf8"));
const WORDS = [...new Set(demo.flatMap((p) => p.name.toLowerCase().match(/[a-z]{5,}/g) ?? []))].slice(0, 30);
// The book abuse.spec orders: Illinois' bill for it is the contiguous zone's $5.00 and 6.25 % of $18.99 + $5.00.
const ORDERED = demo[3];
const BILL = { line: `${ORDERED.id}|${Math.round(ORDERED.price * 100)}|1`, shipping: "500", tax: "150", discount: "0" };

function dirBytes(path) {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const at = join(path, entry.name);
    total += entry.isDirectory() ? dirBytes(at) : statSync(at).size;
  }
  return total;
}

const openFiles = (pid) => readdirSync(`/proc/${pid}/fd`).length;

/** One shopper's cookies, kept by hand. */
function jar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    keep: (response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/** One journey on `baseURL`; each step's name, time and whether it answered as expected. */
async function journey(baseURL, n, record) {
  const cookies = jar();
  const step = async (name, path, expected, init = {}) => {
    const started = performance.now();
    let ok = false;
    let response;
    try {
      response = await fetch(path.startsWith("http") ? path : `${baseURL}${path}`, {
        redirect: "manual",
        ...init,
        headers: { cookie: cookies.header(), ...(init.headers ?? {}) },
        signal: AbortSignal.timeout(30_000),
      });
      cookies.keep(response);
      await response.arrayBuffer();
      ok = response.status === expected;
    } catch {
      ok = false;
    }
    record(name, performance.now() - started, ok, response?.status ?? 0);
    return response;
  };
  const form = (fields) => ({
    method: "POST",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  await step("home", "/", 200);
  await step("category", ["/electronics", "/sport", "/books", "/accessories"][n % 4], 200);
  await step("search", `/search?q=${encodeURIComponent(WORDS[n % WORDS.length])}`, 200);
  await step("product", `/details-page/${demo[n % demo.length].id}`, 200);
  await step("add to cart", "/cart-page/without-javascript", 303, form({ intent: "add", productId: ORDERED.id }));
  const card = n % 2 === 0;
  const placed = await step(
    card ? "checkout (card)" : "checkout (on delivery)",
    "/checkout-page/without-javascript",
    303,
    form({
      ...GUEST,
      email: `soak.${n}@example.com`,
      paymentMethod: card ? "card" : "pay_on_delivery",
      idempotencyKey: randomUUID(),
      ...BILL,
    }),
  );
  const stripePage = placed?.headers.get("location") ?? "";
  if (card && stripePage.startsWith("http")) await step("pay on Stripe's page", `${stripePage}/pay`, 303, { method: "POST" });
}

/** The shop(s) the soak runs against, and how to stop them. */
async function startShops() {
  if (!two) {
    const shop = await startShop({ port: 3760, authPort: 9760, distDir: ".next-bench", countReads: true });
    return { shops: [shop], stop: () => shop.stop() };
  }
  const emulator = await startFirestoreEmulator();
  const redis = await startRedisServer();
  const nextauthSecret = randomUUID() + randomUUID();
  const env = { REDIS_URL: redis.url };
  const a = await startShop({
    port: 3761,
    authPort: 9761,
    distDir: ".next-bench-firestore",
    firestoreHost: emulator.host,
    nextauthSecret,
    countReads: true,
    env,
  });
  // B verifies sessions against A's Auth emulator (one Firebase project), as bench/backends.mjs starts its second instance.
  const sharedAuth = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9761", NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9761" };
  const b = await startShop({
    port: 3762,
    authPort: 9762,
    distDir: ".next-bench-firestore",
    firestoreHost: emulator.host,
    nextauthSecret,
    countReads: true,
    env: { ...env, ...sharedAuth },
  });
  return {
    shops: [a, b],
    redis,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await redis.stop();
      await emulator.stop();
    },
  };
}

async function sample(shops, at) {
  return Promise.all(
    shops.map(async (shop, i) => {
      const { pid } = await readCounts(shop.baseURL);
      if (heapDir && (at === HEAP_FIRST_MINUTE || at === minutes)) {
        const { file } = await writeShopHeapSnapshot(shop.baseURL, join(heapDir, `soak-${"ab"[i]}-minute-${at}.heapsnapshot`));
        console.error(`heap snapshot: ${file}`);
      }
      const kept = await readShopMemoryAfterCollection(shop.baseURL);
      return {
        minute: at,
        rss: kept.rss,
        heapUsed: kept.heapUsed,
        external: kept.external,
        fds: openFiles(pid),
        activeResources: kept.activeResources,
        dataBytes: dirBytes(shop.dataDir),
      };
    }),
  );
}

const { shops, stop } = await startShops();
const steps = new Map();
const errors = [];
const record = (name, ms, ok, status) => {
  const list = steps.get(name) ?? [];
  list.push(ms);
  steps.set(name, list);
  if (!ok) errors.push({ name, status, at: new Date().toISOString() });
};
const samples = [];
try {
  samples.push(await sample(shops, 0));
  const started = Date.now();
  const running = new Set();
  let n = 0;
  let nextSample = 1;
  while (Date.now() - started < minutes * 60_000) {
    const shop = shops[n % shops.length];
    const one = journey(shop.baseURL, n, record).finally(() => running.delete(one));
    running.add(one);
    n += 1;
    if ((Date.now() - started) / 60_000 >= nextSample) samples.push(await sample(shops, nextSample++));
    await sleep(Math.max(0, started + (n * 1000) / JOURNEYS_PER_SECOND - Date.now()));
  }
  await Promise.all(running);
  samples.push(await sample(shops, minutes));
  const summary = {
    command: `node bench/soak.mjs ${minutes}${two ? " --two" : ""}${heapDir ? ` --heap ${heapArg} (step times include the snapshots' pauses)` : ""}`,
    date: new Date(started).toISOString(),
    instances: shops.length,
    journeys: n,
    errors: errors.length,
    firstErrors: errors.slice(0, 10),
    steps: Object.fromEntries(
      [...steps].map(([name, list]) => {
        const sorted = [...list].sort((x, y) => x - y);
        return [name, { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) }];
      }),
    ),
    samples,
  };
  writeFileSync(`bench/.soak-${two ? "two" : "one"}.json`, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify({ ...summary, samples: undefined }, null, 2));
} finally {
  await stop();
}
