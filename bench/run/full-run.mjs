// `npm run bench` without options: sections 1-6, 8 and 10 on one shop
// process (and the shops of their own some sections start), then the
// framework floor once the shop has stopped.
import { readsOnBackend } from "../backends.mjs";
import { firstLoadJs } from "../first-load-js.mjs";
import { frameworkFloor } from "../framework-floor.mjs";
import { jsOrigins } from "../js-origins.mjs";
import { startShop } from "../lib/server.mjs";
import { lighthouseRuns } from "../lighthouse.mjs";
import { liveDelay } from "../live-delay.mjs";
import { pageWeights } from "../page-weight.mjs";
import { readsPerViews } from "../reads.mjs";
import { regenerationLatency } from "../regeneration.mjs";
import { measure, throughput } from "../throughput.mjs";
import { webpackShopJs } from "../webpack-shop.mjs";
import { authPort, demo, distDir, pages, port, seconds, warmupSeconds } from "./options.mjs";
import { machine, step, treeState } from "./record.mjs";
import { measureAbuse, measureFirestoreInstances, measureFloor, profileHome } from "./sections.mjs";

/** Sections 1-5 and 10, and SQLite's part of section 6, on the running `shop`; returns the results and SQLite's reads. */
async function measureOnShop(shop) {
  const results = {};
  const base = shop.baseURL;
  // First, while no page has been asked for yet: each page's first
  // Lighthouse run is the server's first visit to it (issue 13, item 7).
  results.lighthouse = await step("lighthouse", () => lighthouseRuns(base, pages));
  results.weights = await step("page weight", () => pageWeights(base, [...pages, { label: "sign-page (no product)", path: "/sign-page" }]));
  results.js = await step("first-load JS", () => firstLoadJs(base, pages));
  results.throughput = await step("throughput", () => throughput(base, pages, { seconds, warmupSeconds }));
  // The profile behind the throughput and tail targets: a second process
  // from the same build, while this one idles.
  results.serverProfile = await profileHome(shop);
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
  const sqlite = await readsOnBackend(shop, authPort, step, { home: results.reads });
  // Last while the shop runs: it builds from the shop's own data file.
  results.jsWebpack = await step("first-load JS, webpack build", () =>
    webpackShopJs({ port: port + 3, authPort, dataDir: shop.dataDir, pages }),
  );
  results.jsOrigins = await step("first-load JS by origin (source maps)", () =>
    jsOrigins({ port: port + 4, authPort, dataDir: shop.dataDir, pages }),
  );
  return { results, sqlite };
}

export async function measureAll() {
  const runStarted = Date.now();
  const shop = await startShop({ port, authPort, distDir, countReads: true });
  let measured;
  try {
    measured = await measureOnShop(shop);
  } finally {
    await shop.stop();
  }
  const { results, sqlite } = measured;
  // On the same port once the shop above has stopped: a shop of its own, at the real limits.
  const abuse = await measureAbuse("npm run bench");
  const firestore = await measureFirestoreInstances();
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
