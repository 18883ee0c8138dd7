// npm run bench -- --scale (issue 13, item 6): does a build's cost stay flat
// as the catalogue grows? For 48 (the demo), 5,000 and 50,000 products: a
// fresh SQLite store seeded with that many (the demo's 48 and generated
// ones), `next build` timed, and the build folder's size without Next's own
// cache. At the largest size the shop is then started as `npm run start:local`
// starts it (with its Auth emulator and local admin), the browsing views'
// first renders are timed beside their bare store calls (bench/lib/browse-views.mjs),
// home, a repeated search and a details page that was not prerendered are loaded with wrk, and the
// admin's product list is timed for one signed-in operator (bench/admin-list.mjs).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordBuild } from "../scripts/lib/build-check.mjs";
import { NEXT_BIN, shopEnv, startShop } from "../scripts/lib/shop-launcher.mjs";
import { adminListLatency, adminListPaths } from "./admin-list.mjs";
import { adminCookie } from "./lib/admin-session.mjs";
import { ensureWrk, measure } from "./lib/wrk.mjs";
import { bareViewTimes, browseViews, renderViews } from "./lib/browse-views.mjs";

export const SCALE_SIZES = [48, 5_000, 50_000];
const DIST_DIR = ".next-bench-scale";
const TYPES = ["Electronics", "Accessories", "Book", "Sport"];

/** The demo catalogue, then generated products up to `count` (each a copy of a demo one under a new name). */
export function catalogueOf(count) {
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
  return products;
}

function sizeOf(path, skip) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => (name === skip ? sum : sum + sizeOf(join(path, name), skip)), 0);
}

function run(args, env) {
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed (${result.status}):\n${(result.stdout + result.stderr).slice(-3000)}`);
  return { seconds: (Date.now() - started) / 1000, output: result.stdout };
}

export async function scaleRuns({ port, authPort, seconds = 5, warmupSeconds = 1, log = console.log }) {
  // Before the builds: the largest size is loaded with wrk, which a fresh machine may not have yet.
  ensureWrk(log);
  const rows = [];
  for (const count of SCALE_SIZES) {
    const dataDir = mkdtempSync(join(tmpdir(), `storefront-scale-${count}-`));
    const env = shopEnv({
      mode: "start",
      backend: "sqlite",
      port,
      authPort,
      distDir: DIST_DIR,
      dataDir,
      env: { SQLITE_PATH: join(dataDir, "storefront.db"), RATE_LIMIT_FACTOR: "1000" },
    });
    try {
      const file = join(dataDir, "catalogue.json");
      const products = catalogueOf(count);
      writeFileSync(file, JSON.stringify(products));
      const seed = run(["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", file], env);
      rmSync(DIST_DIR, { recursive: true, force: true });
      const build = run([NEXT_BIN, "build"], env);
      // So scripts/local.mjs serves this build rather than making its own.
      recordBuild(env);
      const pages = (build.output.match(/Generating static pages[^(]*\((\d+)\/(\d+)\)/g) ?? []).at(-1)?.match(/\/(\d+)\)/)?.[1];
      const row = {
        count,
        seedSeconds: seed.seconds,
        buildSeconds: build.seconds,
        buildBytes: sizeOf(DIST_DIR, "cache"),
        staticPages: pages ? Number(pages) : null,
      };
      if (count === SCALE_SIZES.at(-1)) row.load = await loadAtScale(env, products, { seconds, warmupSeconds });
      rows.push(row);
      log(
        `  ${count} products: seed ${row.seedSeconds.toFixed(0)} s, build ${row.buildSeconds.toFixed(0)} s, ${(row.buildBytes / 1e6).toFixed(0)} MB, ${row.staticPages} pages`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(DIST_DIR, { recursive: true, force: true });
    }
  }
  return rows;
}

const locations = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

/**
 * /sitemap.xml (an index) and every part it names: how many parts, URLs in all, the largest part,
 * and how many distinct product pages they list (the rest are home and the categories' plain pages).
 */
async function readSitemap(origin) {
  const parts = locations(await (await fetch(`${origin}/sitemap.xml`)).text());
  const sizes = [];
  const productPages = new Set();
  for (const part of parts) {
    const response = await fetch(new URL(new URL(part).pathname, origin));
    if (response.status !== 200) throw new Error(`sitemap part ${part} answered ${response.status}`);
    const urls = locations(await response.text());
    sizes.push(urls.length);
    for (const url of urls) if (new URL(url).pathname.startsWith("/details-page/")) productPages.add(url);
  }
  return {
    parts: parts.length,
    urls: sizes.reduce((a, b) => a + b, 0),
    largestPart: Math.max(0, ...sizes),
    productPages: productPages.size,
  };
}

/**
 * The largest catalogue served: wrk at 64 connections on home, a repeated
 * search and the oldest product's page; then the admin list, one operator.
 */
async function loadAtScale(env, products, { seconds, warmupSeconds }) {
  // Via scripts/local.mjs: the store is seeded already and the build recorded,
  // so it only adds what the admin list needs, the Auth emulator and the local admin.
  const shop = await startShop({ env, via: "local", flags: ["--no-persist"] });
  try {
    const oldest = products.at(-1).id;
    const firstDetails = Date.now();
    const response = await fetch(`${shop.url}/details-page/${oldest}`);
    await response.text();
    const firstDetailsMs = Date.now() - firstDetails;
    const sitemap = await readSitemap(shop.url);
    // The browsing views' first renders, then the same store calls bare (the page first: the OS's file cache favours the bare calls).
    const views = browseViews(products);
    const viewRows = await renderViews(shop.url, views);
    const browse = { rows: viewRows, bare: bareViewTimes(views, env) };
    const load = {};
    for (const [label, path] of [
      ["home", "/"],
      ["search", "/search?q=a"],
      ["details (not prerendered)", `/details-page/${oldest}`],
    ]) {
      load[label] = { path, ...(await measure(`${shop.url}${path}`, { connections: 64, seconds, warmupSeconds })) };
    }
    // A catalogue change from another process (the import script, one product's price), as an operator's
    // import would make: the shop sees it within a second (lib/data/sqlite/catalog-watch.ts) and expires
    // its caches, so the admin list's first page after it rebuilds the catalogue index and is timed so.
    const changed = join(env.LOCAL_DATA_DIR, "one-change.json");
    writeFileSync(changed, JSON.stringify([{ ...products.at(-1), price: products.at(-1).price + 1 }]));
    run(["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", changed], env);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const cookie = await adminCookie(shop.url, {
      authHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      email: env.ADMIN_EMAILS.split(",")[0].trim(),
      password: env.LOCAL_ADMIN_PASSWORD,
    });
    const adminList = await adminListLatency(shop.url, cookie, adminListPaths(products.length, products.at(-1).name));
    return { firstDetailsMs, firstDetailsStatus: response.status, sitemap, browse, load, adminList };
  } finally {
    await shop.stop();
  }
}
