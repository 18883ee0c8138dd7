// What one page view costs (not in CI): the browser's and the shop's CPU and
// the requests a view makes, on the shop's own pages, in three ways paired in
// one run, so the router's prefetches can be told from the page itself.
//
//   node bench/page-views.mjs [rounds=4]
//
// - "as built": what a shopper's browser does; the header's and footer's links
//   prefetch on intent (lib/site-links.ts), a page's product cards on sight.
// - "site links on sight": the same, with every header and footer link on the
//   screen focused as the page loads, which starts the very prefetch a link
//   prefetched on sight makes (components/links/intent-link.tsx): what each
//   view cost before those links waited for intent.
// - "no prefetch": the router's fetches blocked in the browser, the page alone.
//
// Each round loads home, a category, a product page, the cart and a search
// once in each way (ways interleaved, in one browser context per way, after
// one round unmeasured), and after each load waits for the header's cart to
// hold the server's count (the page hydrated), then a second for the
// prefetches to finish. The visitor prefers reduced motion, as in the e2e
// suite: home's hero, left to turn, would add its animation to every way
// alike. The browser is the benchmarks' (Debian's full chromium), its CPU
// every process it started; the shop's is its server process's (the SQLite
// shop on its embedded defaults, with the counting preload that names its
// pid, as bench/soak.mjs starts it: its cost falls on every way alike).
// Figures go to stdout as JSON and a table; docs/BENCHMARKS.md §18 is written
// from them by hand.
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { readCounts } from "./lib/counts.mjs";
import { launchBrowser } from "./lib/chromium.mjs";
import { startShop } from "./lib/server.mjs";

const rounds = Number(process.argv[2] ?? 4);
const demo = JSON.parse(readFileSync("data/demo-products.json", "utf8"));
const ROUTES = ["/", "/electronics", `/details-page/${demo[0].id}`, "/cart-page", "/search?q=wireless"];
const WAYS = ["as built", "site links on sight", "no prefetch"];
const TICKS_PER_SECOND = 100;

/** A process's CPU so far (user and system), in seconds; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every live process descended from this one whose command line names chromium: the browser and its children. */
function browserPids() {
  const parent = new Map();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      parent.set(Number(pid), Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]));
    } catch {
      // Gone between the listing and the read.
    }
  }
  const descends = (pid) => {
    for (let at = parent.get(pid); at; at = parent.get(at)) if (at === process.pid) return true;
    return false;
  };
  return [...parent.keys()].filter((pid) => {
    if (!descends(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("chrom");
    } catch {
      return false;
    }
  });
}

/**
 * The browser's CPU so far: its live processes' plus what exited ones used
 * (a renderer may be replaced between views), each process counted once.
 */
function browserMeter() {
  const last = new Map();
  let exited = 0;
  return () => {
    const live = new Set(browserPids());
    for (const [pid, seconds] of last) {
      if (live.has(pid)) continue;
      exited += seconds;
      last.delete(pid);
    }
    for (const pid of live) last.set(pid, cpuSeconds(pid));
    return exited + [...last.values()].reduce((sum, seconds) => sum + seconds, 0);
  };
}

/** What kind of request a page view made. */
function kindOf(request) {
  const headers = request.headers();
  const { pathname } = new URL(request.url());
  if (request.resourceType() === "document") return "document";
  if (headers["next-router-prefetch"]) return "prefetch";
  if (headers.rsc) return "rsc";
  if (pathname.startsWith("/_next/static/")) return "static";
  if (request.resourceType() === "image") return "image";
  return "other";
}

/** Focuses every header and footer link on the screen: each starts its prefetch as one on sight would. */
const focusSiteLinks = () =>
  document.querySelectorAll("header a[href], footer a[href]").forEach((link) => {
    const box = link.getBoundingClientRect();
    if (box.width > 0 && box.bottom > 0 && box.top < innerHeight) link.focus();
  });

async function openWay(browser, way) {
  const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (way === "no prefetch") {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setBlockedURLs", { urls: ["*_rsc=*"] });
  }
  const requests = {};
  // Finished requests only: the ones blocked in "no prefetch" never reached the shop.
  page.on("requestfinished", (request) => {
    const kind = kindOf(request);
    requests[kind] = (requests[kind] ?? 0) + 1;
  });
  return { context, page, requests };
}

async function view(baseURL, { page }, way, route) {
  await page.goto(`${baseURL}${route}`);
  // Hydrated: the links' intent handlers listen (a link on sight is prefetched from then too).
  await page.locator('header a[href="/cart-page"][data-loaded]').waitFor();
  if (way === "site links on sight") await page.evaluate(focusSiteLinks);
  await sleep(1000);
}

const shop = await startShop({ port: 3770, authPort: 9770, distDir: ".next-bench", countReads: true });
const browser = await launchBrowser();
try {
  const { pid: shopPid } = await readCounts(shop.baseURL);
  const browserCpu = browserMeter();
  const opened = new Map();
  for (const way of WAYS) opened.set(way, await openWay(browser, way));
  const totals = new Map(WAYS.map((way) => [way, { views: 0, browser: 0, shop: 0 }]));
  for (const way of WAYS) for (const route of ROUTES) await view(shop.baseURL, opened.get(way), way, route);
  for (const { requests } of opened.values()) for (const kind of Object.keys(requests)) requests[kind] = 0;
  for (let round = 0; round < rounds; round++) {
    for (const route of ROUTES) {
      for (const way of WAYS) {
        const [browser0, shop0] = [browserCpu(), cpuSeconds(shopPid)];
        await view(shop.baseURL, opened.get(way), way, route);
        const total = totals.get(way);
        total.views += 1;
        total.browser += browserCpu() - browser0;
        total.shop += cpuSeconds(shopPid) - shop0;
      }
    }
  }
  const perView = (n, views) => Math.round((n / views) * 1000) / 1000;
  const figures = WAYS.map((way) => {
    const { views, browser: browserSeconds, shop: shopSeconds } = totals.get(way);
    const requests = Object.fromEntries(Object.entries(opened.get(way).requests).map(([kind, n]) => [kind, perView(n, views)]));
    return { way, views, browserCpuSeconds: perView(browserSeconds, views), shopCpuSeconds: perView(shopSeconds, views), requests };
  });
  console.log(
    JSON.stringify({ command: `node bench/page-views.mjs ${rounds}`, date: new Date().toISOString(), routes: ROUTES, figures }, null, 2),
  );
  console.log("\n| Way | Views | Browser CPU-s a view | Shop CPU-s a view | Requests a view (prefetches) |\n|---|---|---|---|---|");
  for (const f of figures) {
    const all = Object.values(f.requests).reduce((sum, n) => sum + n, 0);
    console.log(
      `| ${f.way} | ${f.views} | ${f.browserCpuSeconds} | ${f.shopCpuSeconds} | ${Math.round(all * 10) / 10} (${f.requests.prefetch ?? 0}) |`,
    );
  }
  for (const { context } of opened.values()) await context.close();
} finally {
  await browser.close();
  await shop.stop();
}
