// npm run bench: builds (when sources changed) and starts the shop on its
// embedded defaults with the demo catalogue, runs the five measurements of
// issue 6 against that one process, then measures the framework's own
// first-load JS on an empty app, and writes docs/BENCHMARKS.md.
// BENCH_SECONDS (default 5) sets each load-test step; the whole run takes
// about five minutes on two cores with a current build (a build adds three).
// `--report-only` re-renders the report from bench/.last-run.json.
// `--only firestore` measures only section 6 (both backends' reads, two
// Firestore instances on the emulator: live delay across them, listeners
// held) and rewrites only that section of the report; the other sections
// keep the figures of their last full run. Lighthouse is not run.
// `--scale` runs the catalogue-size sections: 7 (SQLite, builds at 48, 5,000
// and 50,000 products) and 9 (Firestore: 48 and 50,000 products, two
// instances, bench/scale-firestore.mjs); `--scale sqlite` or `--scale firestore`
// runs one of them. `--only floor` measures only section 10 (home against the
// framework floor, bench/floor-throughput.mjs; a full run measures it too).
// BENCH_FIRESTORE_PORT places the emulator of sections 9 and 11 (a free port otherwise).
// Section 9 builds the shop once per size; measured on two cores shared with
// other work (load average 20) it took 25 minutes, a failed build at 50,000
// included; section 10 takes about 3 minutes beside a running shop.
// `--only abuse` measures only section 8 (bench/abuse.mjs: 20 shoppers with
// and without one client at 10 × the search limit, on a shop of its own at
// the real limits; BENCH_ABUSE_SECONDS, default 20, per window) and rewrites
// only that section. `--only place-order` measures only section 11
// (bench/place-order.mjs: store.placeOrder timed, and its reads and writes
// per order counted, at 1, 10 and 50 lines, on SQLite and on an emulator of
// its own; about 2 minutes) and rewrites only that section; a full run keeps
// its last figures.
// `--only order-pages` measures only section 12 (bench/order-pages.mjs:
// Lighthouse on the checkout with a guest's cart, the order's page and
// "Returns & Orders", on a shop of its own; about 4 minutes) and rewrites
// only that section.
// BENCH_PORT (3700), BENCH_AUTH_PORT (9799) and BENCH_DIST_DIR (.next-bench)
// place the SQLite shop; the two Firestore instances take the next two
// ports of each and the build folder `${BENCH_DIST_DIR}-firestore`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { measureFirestore, readsOnBackend } from "./backends.mjs";
import { firstLoadJs } from "./first-load-js.mjs";
import { frameworkFloor } from "./framework-floor.mjs";
import { CHROMIUM } from "./lib/chromium.mjs";
import { startShop } from "./lib/server.mjs";
import { lighthouseRuns } from "./lighthouse.mjs";
import { liveDelay } from "./live-delay.mjs";
import { pageWeights } from "./page-weight.mjs";
import { regenerationLatency } from "./regeneration.mjs";
import { readsPerViews } from "./reads.mjs";
import { renderReport } from "./report.mjs";
import { renderScaleSection, scaleTargets } from "./report-scale.mjs";
import { spliceSection } from "./report-format.mjs";
import { targets } from "./report-targets.mjs";
import { scaleRuns } from "./scale.mjs";
import { backendsTargets, renderBackendsSection, spliceBackendsSection } from "./report-backends.mjs";
import { measure, throughput } from "./throughput.mjs";
import { firestoreScaleRuns } from "./scale-firestore.mjs";
import { renderScaleFirestoreSection, scaleFirestoreTargets, spliceScaleFirestoreSection } from "./report-scale-firestore.mjs";
import { floorThroughput } from "./floor-throughput.mjs";
import { floorTargets, renderFloorSection, spliceFloorSection } from "./report-floor.mjs";
import { webpackShopJs } from "./webpack-shop.mjs";
import { abuseRun } from "./abuse.mjs";
import { ensureAb } from "./lib/ab.mjs";
import { abuseTargets, renderAbuseSection, spliceAbuseSection } from "./report-abuse.mjs";
import { keepSearchChoiceSection } from "./report-search-choice.mjs";
import { jsOrigins } from "./js-origins.mjs";
import { serverProfile } from "./server-profile.mjs";
import { orderPagesLighthouse } from "./order-pages.mjs";
import { placeOrderRun } from "./place-order.mjs";
import { orderPagesTargets, renderOrderPagesSection, spliceOrderPagesSection } from "./report-order-pages.mjs";
import { placeOrderTargets, renderPlaceOrderSection, splicePlaceOrderSection } from "./report-place-order.mjs";

const REPORT = "docs/BENCHMARKS.md";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = 1;
if (!(seconds > 0)) throw new Error("BENCH_SECONDS must be a positive number of seconds");

// --scale: only the catalogue-size runs (bench/scale.mjs, about 10 minutes),
// kept beside the last full run's figures and rendered with them.
const scaleAt = process.argv.indexOf("--scale");
const scaleOnly = scaleAt >= 0;
const scalePart = ["sqlite", "firestore"].includes(process.argv[scaleAt + 1]) ? process.argv[scaleAt + 1] : null;
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : null;
if (only !== null && !["firestore", "abuse", "floor", "place-order", "order-pages"].includes(only))
  throw new Error("--only takes one value: firestore, abuse, floor, place-order or order-pages");
const abuseSeconds = Number(process.env.BENCH_ABUSE_SECONDS ?? 20);
if (!(abuseSeconds > 0)) throw new Error("BENCH_ABUSE_SECONDS must be a positive number of seconds");

const port = Number(process.env.BENCH_PORT ?? 3700);
const authPort = Number(process.env.BENCH_AUTH_PORT ?? 9799);
const distDir = process.env.BENCH_DIST_DIR ?? ".next-bench";
const firestorePlace = {
  distDir: `${distDir}-firestore`,
  ports: { shopA: port + 1, shopB: port + 2, authA: authPort + 1, authB: authPort + 2 },
};
// Section 9's two instances and their build; section 10's empty app and bare server.
const scaleFirestorePlace = {
  distDir: `${distDir}-scale-firestore`,
  ports: { shopA: port + 20, shopB: port + 21, authA: authPort + 3, authB: authPort + 4 },
};
const floorPorts = { floor: port + 6, bare: port + 7 };
const firestoreEmulatorPort = process.env.BENCH_FIRESTORE_PORT ? Number(process.env.BENCH_FIRESTORE_PORT) : undefined;

const demo = JSON.parse(readFileSync("data/demo-products.json", "utf8"));
const pages = [
  { label: "home", path: "/" },
  { label: "electronics", path: "/electronics" },
  { label: "details", path: `/details-page/${demo[0].id}` },
];

const machine = {
  cores: os.cpus().length,
  model: os.cpus()[0].model,
  memoryGiB: (os.totalmem() / 2 ** 30).toFixed(0),
  node: process.version,
  os: `${os.type()} ${os.release()}`,
  date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  loadavg: os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", "),
  // Debian's wrapper script prints shell noise on stderr; the version is on stdout.
  chromium: execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
  lighthouse: JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version,
};

// What was measured: the build reads the working tree, so files changed but
// not committed are part of the figures too.
function treeState() {
  const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const changed = git(
    "status",
    "--porcelain",
    "--untracked-files=no",
    "--",
    "app",
    "components",
    "lib",
    "proxy.ts",
    "next.config.ts",
    "instrumentation.ts",
    "instrumentation-node.ts",
  );
  return { commit: git("rev-parse", "--short", "HEAD"), uncommittedSourceFiles: changed ? changed.split("\n").length : 0 };
}

// A failed measurement is reported as such (and fails the command), but
// does not throw away the others' figures.
async function step(name, work) {
  console.log(`${name}...`);
  const started = Date.now();
  try {
    return await work();
  } catch (error) {
    console.error(`${name} failed:`, error);
    process.exitCode = 1;
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

// The raw figures of the last run, kept apart from the report so a change to
// the report's wording can be re-rendered (--report-only) without measuring
// again. Not committed: docs/BENCHMARKS.md is the record.
const LAST_RUN = "bench/.last-run.json";

let measured;
if (process.argv.includes("--report-only")) {
  measured = JSON.parse(readFileSync(LAST_RUN, "utf8"));
} else if (scaleOnly) {
  // Kept beside the last full run's figures; without one, only these sections of the report are rewritten.
  const previous = existsSync(LAST_RUN) ? JSON.parse(readFileSync(LAST_RUN, "utf8")) : {};
  measured = { ...previous };
  const command = `npm run bench -- --scale${scalePart ? ` ${scalePart}` : ""}`;
  if (scalePart !== "firestore") {
    const started = Date.now();
    const rows = await step("scale", () => scaleRuns({ port: port + 10, authPort, seconds, warmupSeconds }));
    measured.scale = { rows, machine, tree: treeState(), totalSeconds: (Date.now() - started) / 1000 };
  }
  if (scalePart !== "sqlite") measured.scaleFirestore = await measureScaleFirestore(command);
  writeFileSync(LAST_RUN, `${JSON.stringify(measured, null, 2)}\n`);
} else if (only) {
  // Kept beside the last full run's figures, so --report-only renders both.
  const previous = existsSync(LAST_RUN) ? JSON.parse(readFileSync(LAST_RUN, "utf8")) : {};
  const measureOnly = {
    abuse: async () => ({ abuse: await measureAbuse("npm run bench -- --only abuse") }),
    firestore: async () => ({ backends: await measureBackendsOnly() }),
    floor: async () => ({ floor: await measureFloorOnly() }),
    "place-order": async () => ({ placeOrder: await measurePlaceOrder("npm run bench -- --only place-order") }),
    "order-pages": async () => ({ orderPages: await measureOrderPages("npm run bench -- --only order-pages") }),
  };
  const section = await measureOnly[only]();
  measured = { ...previous, ...section };
  writeFileSync(LAST_RUN, `${JSON.stringify(measured, null, 2)}\n`);
} else {
  // A full run keeps the last --scale figures, SQLite's and Firestore's (that run is separate: it builds three times), and the last --only place-order and order-pages ones.
  const previous = existsSync(LAST_RUN) ? JSON.parse(readFileSync(LAST_RUN, "utf8")) : {};
  measured = {
    ...(await measureAll()),
    ...(previous.scale && { scale: previous.scale }),
    ...(previous.scaleFirestore && { scaleFirestore: previous.scaleFirestore }),
    ...(previous.placeOrder && { placeOrder: previous.placeOrder }),
    ...(previous.orderPages && { orderPages: previous.orderPages }),
  };
  writeFileSync(LAST_RUN, `${JSON.stringify(measured, null, 2)}\n`);
}

/** Section 9: 48 and 50,000 products on the Firestore emulator, two instances. */
async function measureScaleFirestore(command) {
  const at = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", "),
  };
  const figures = await step("scale on Firestore: 48 and 50,000 products, two instances", () =>
    firestoreScaleRuns({ place: scaleFirestorePlace, emulatorPort: firestoreEmulatorPort }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), ...figures };
}

/** Section 11: placing an order, timed and counted through the store on SQLite and on an emulator of its own. */
async function measurePlaceOrder(command) {
  const started = Date.now();
  const at = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", "),
  };
  const figures = await step("placing an order at 1, 10 and 50 lines, SQLite and the Firestore emulator", () =>
    placeOrderRun({ emulatorPort: firestoreEmulatorPort }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), totalSeconds: (Date.now() - started) / 1000, ...figures };
}

/** Section 12: Lighthouse on the checkout, an order's page and "Returns & Orders", on a shop of its own. */
async function measureOrderPages(command) {
  const started = Date.now();
  const at = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", "),
  };
  const shop = await startShop({ port, authPort, distDir });
  try {
    const rows = await step("lighthouse on the pages of an order", () => orderPagesLighthouse(shop.baseURL, [demo[0].id, demo[1].id]));
    return {
      command,
      machine: { ...machine, ...at },
      versions: machine,
      tree: treeState(),
      totalSeconds: (Date.now() - started) / 1000,
      rows,
    };
  } finally {
    await shop.stop();
  }
}

/** Section 10 on a running shop: home against the framework floor. `shopProfile`: bench/server-profile.mjs's result. */
async function measureFloor(shop, command, shopProfile) {
  const started = Date.now();
  const at = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", "),
  };
  const figures = await step("home against the framework floor", () =>
    floorThroughput(`${shop.baseURL}/`, { ports: floorPorts, seconds, warmupSeconds }),
  );
  return {
    command,
    machine: { ...machine, ...at },
    tree: treeState(),
    totalSeconds: (Date.now() - started) / 1000,
    shopProfile,
    ...figures,
  };
}

/** Section 10 alone: the shop, home profiled, then against the floor. */
async function measureFloorOnly() {
  // The profile's tail window runs ab (bench/server-profile.mjs).
  ensureAb();
  const shop = await startShop({ port, authPort, distDir });
  try {
    const shopProfile = await step("home under load, profiled", () =>
      serverProfile({ port: port + 5, authPort, distDir, dataDir: shop.dataDir, seconds, warmupSeconds }),
    );
    return await measureFloor(shop, "npm run bench -- --only floor", shopProfile);
  } finally {
    await shop.stop();
  }
}

/** Section 8: a shop of its own at the real limits, 20 shoppers with and without a client at 10 × the search limit. */
async function measureAbuse(command) {
  const started = Date.now();
  const at = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    loadavg: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", "),
  };
  const figures = await step("abuse: 20 shoppers beside a client at 10 × the search limit", () =>
    abuseRun({ port, authPort, distDir, seconds: abuseSeconds }),
  );
  return { command, machine: { ...machine, ...at }, tree: treeState(), totalSeconds: (Date.now() - started) / 1000, ...figures };
}

/** Section 6 alone: both backends' reads, then the Firestore instances. */
async function measureBackendsOnly() {
  const runStarted = Date.now();
  const shop = await startShop({ port, authPort, distDir, countReads: true });
  let sqlite;
  try {
    sqlite = await readsOnBackend(shop, authPort, step);
  } finally {
    await shop.stop();
  }
  const firestore = await step("firestore backend", () => measureFirestore({ ...firestorePlace, step }));
  return {
    command: "npm run bench -- --only firestore",
    machine,
    tree: treeState(),
    totalSeconds: (Date.now() - runStarted) / 1000,
    sqlite,
    firestore,
  };
}

async function measureAll() {
  const runStarted = Date.now();
  const shop = await startShop({ port, authPort, distDir, countReads: true });
  const results = {};
  let sqlite;
  try {
    const base = shop.baseURL;
    // First, while no page has been asked for yet: each page's first
    // Lighthouse run is the server's first visit to it (issue 13, item 7).
    results.lighthouse = await step("lighthouse", () => lighthouseRuns(base, pages));
    results.weights = await step("page weight", () =>
      pageWeights(base, [...pages, { label: "sign-page (no product)", path: "/sign-page" }]),
    );
    results.js = await step("first-load JS", () => firstLoadJs(base, pages));
    results.throughput = await step("throughput", () => throughput(base, pages, { seconds, warmupSeconds }));
    // The profile behind the throughput and tail targets: a second process
    // from the same build, while this one idles.
    results.serverProfile = await step("home under load, profiled", () =>
      serverProfile({ port: port + 5, authPort, distDir, dataDir: shop.dataDir, seconds, warmupSeconds }),
    );
    // Section 10, beside the same shop: home against the framework floor, with the profile just taken.
    results.floorThroughput = await measureFloor(shop, "npm run bench", results.serverProfile);
    // The same search URL as before the per-query page cache, so the figures compare.
    results.perRequest = await step("search", async () => {
      const rows = [];
      for (const connections of [1, 64]) rows.push(await measure(`${base}/search?q=a`, { connections, seconds, warmupSeconds }));
      return rows;
    });
    results.regeneration = await step("regeneration", () => regenerationLatency(base, shop.dataDir, { seconds, warmupSeconds }));
    results.reads = await step("reads per 1,000 home views", () => readsPerViews(base));
    results.live = await step("live-update delay", () => liveDelay(base));
    sqlite = await readsOnBackend(shop, authPort, step, { home: results.reads });
    // Last while the shop runs: it builds from the shop's own data file.
    results.jsWebpack = await step("first-load JS, webpack build", () =>
      webpackShopJs({ port: port + 3, authPort, dataDir: shop.dataDir, pages }),
    );
    results.jsOrigins = await step("first-load JS by origin (source maps)", () =>
      jsOrigins({ port: port + 4, authPort, dataDir: shop.dataDir, pages }),
    );
  } finally {
    await shop.stop();
  }
  // On the same port once the shop above has stopped: a shop of its own, at the real limits.
  const abuse = await measureAbuse("npm run bench");
  const firestore = await step("firestore backend", () => measureFirestore({ ...firestorePlace, step }));
  // After the shop has stopped: building the empty app must not compete with
  // the shop's measurements for the machine's cores.
  results.floor = await step("framework floor (empty app)", () => frameworkFloor());
  results.floorWebpack = await step("framework floor (empty app, webpack)", () => frameworkFloor({ bundler: "webpack" }));

  const run = {
    built: shop.built,
    startSeconds: shop.startSeconds,
    totalSeconds: (Date.now() - runStarted) / 1000,
    seconds,
    warmupSeconds,
  };
  const backends = {
    command: "npm run bench",
    machine,
    tree: treeState(),
    totalSeconds: (Date.now() - runStarted) / 1000,
    sqlite,
    firestore,
  };
  return { machine, run, results, backends, abuse, catalogueSize: demo.length };
}

if (measured.results) {
  // A full run's figures (this run's, or kept from the last one): the whole report.
  const sections = [
    renderBackendsSection(measured.backends, measured.catalogueSize),
    renderScaleSection(measured.scale),
    renderAbuseSection(measured.abuse),
    renderScaleFirestoreSection(measured.scaleFirestore),
    renderFloorSection(
      measured.results.floorThroughput ?? measured.floor,
      measured.results.floorThroughput?.shopProfile ?? measured.floor?.shopProfile,
    ),
    renderPlaceOrderSection(measured.placeOrder),
    renderOrderPagesSection(measured.orderPages),
  ];
  const previous = existsSync(REPORT) ? readFileSync(REPORT, "utf8") : "";
  writeFileSync(REPORT, keepSearchChoiceSection(previous, renderReport(measured) + sections.join("")));
} else {
  // Only the section measured (both with --report-only); every other section as it was.
  let report = readFileSync(REPORT, "utf8");
  if ((only === null || only === "firestore") && measured.backends)
    report = spliceBackendsSection(report, renderBackendsSection(measured.backends, demo.length));
  if ((only === null || only === "abuse") && measured.abuse) report = spliceAbuseSection(report, renderAbuseSection(measured.abuse));
  if ((only === null || only === "floor") && measured.floor)
    report = spliceFloorSection(report, renderFloorSection(measured.floor, measured.floor.shopProfile));
  if ((only === null || only === "place-order") && measured.placeOrder)
    report = splicePlaceOrderSection(report, renderPlaceOrderSection(measured.placeOrder));
  if ((only === null || only === "order-pages") && measured.orderPages)
    report = spliceOrderPagesSection(report, renderOrderPagesSection(measured.orderPages));
  if (only === null && scalePart !== "firestore" && measured.scale)
    report = spliceSection(report, "## 7. Catalogue size", renderScaleSection(measured.scale));
  if (only === null && scalePart !== "sqlite" && measured.scaleFirestore)
    report = spliceScaleFirestoreSection(report, renderScaleFirestoreSection(measured.scaleFirestore));
  writeFileSync(REPORT, report);
}
console.log(`\nwrote ${REPORT}`);
const listed = [
  ...(measured.results ? targets(measured.results) : []),
  ...(measured.backends ? backendsTargets(measured.backends) : []),
  ...(measured.scale ? scaleTargets(measured.scale) : []),
  ...(measured.abuse ? abuseTargets(measured.abuse) : []),
  ...(measured.scaleFirestore ? scaleFirestoreTargets(measured.scaleFirestore) : []),
  ...floorTargets(measured.results?.floorThroughput ?? measured.floor),
  ...(measured.placeOrder ? placeOrderTargets(measured.placeOrder) : []),
  ...(measured.orderPages ? orderPagesTargets(measured.orderPages) : []),
];
for (const t of listed) console.log(`${t.met ? "met   " : "MISSED"} ${t.target}: ${t.figure}`);
