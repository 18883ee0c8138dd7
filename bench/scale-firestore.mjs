// npm run bench -- --scale, the production backend (issue 27, item 7): for
// 48 and 50,000 products on the official Firestore emulator, two instances
// (`next start` of one build, as two serverless instances of one deployment),
// measured as ops would meet them:
//
// - the import: scripts/seed.ts on a generated catalogue file, timed, with
//   meta/catalog's version read before and after (how many catalogue changes
//   one import makes);
// - the build, against the catalogue of that size. When that build fails
//   (the reason is reported), the size is measured as a catalogue grown after
//   the deployment instead: built at the demo's 48 products, then the whole
//   file imported, then the instances started;
// - a cold start of each instance: the documents it reads until it answers,
//   then the first render of home, a category, a search and a product page;
// - one change: a 1-product import (scripts/seed.ts on a file holding one
//   existing product, renamed), then the first render of the same four pages
//   on instance B (the timed figures) and on instance A, with the documents
//   each instance read from the import until its renders were done;
// - each instance's resident memory (RSS) after those renders;
// - at the largest size, the browsing views' first renders on A beside the
//   same store calls bare (bench/lib/browse-views.mjs), before the change.
//
// Documents are counted inside each shop process by bench/counting/ (its
// counts server also gives the process id whose RSS is read). A render is
// timed to the response's last byte, without Accept-Encoding, one request at a time.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clearFirestoreEmulator, startFirestoreEmulator } from "../scripts/lib/firestore-emulator.mjs";
import { shopEnv } from "../scripts/lib/shop-launcher.mjs";
import { difference, figuresOf, readCounts } from "./lib/counts.mjs";
import { firestoreEnv, startShop } from "./lib/server.mjs";
import { catalogueOf } from "./scale.mjs";
import { bareViewTimes, browseViews, renderViews } from "./lib/browse-views.mjs";

export const FIRESTORE_SCALE_SIZES = [48, 50_000];
const PROJECT = "demo-storefront";
// Long enough for both instances' listeners to see the import's version bump
// (they answer within about a second on this machine: bench/catalog-delay.mjs).
const SETTLE_MS = 3_000;
const CATEGORY_PATHS = { Electronics: "/electronics", Accessories: "/accessories" };
const RENAME = "Revised";

/** meta/catalog's version on the emulator (0 when the document does not exist yet). */
export async function catalogVersion(host) {
  const response = await fetch(`http://${host}/v1/projects/${PROJECT}/databases/(default)/documents/meta/catalog`, {
    headers: { authorization: "Bearer owner" },
  });
  if (response.status === 404) return 0;
  if (!response.ok) throw new Error(`reading meta/catalog failed (${response.status})`);
  const fields = (await response.json()).fields ?? {};
  return Number(fields.version?.integerValue ?? 0);
}

/** scripts/seed.ts on `file` against the emulator: seconds taken and versions bumped. */
async function importFile(file, env, host) {
  const before = await catalogVersion(host);
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", file], {
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`seeding ${file} failed (${result.status}):\n${(result.stdout + result.stderr).slice(-3000)}`);
  return { seconds, versionsBumped: (await catalogVersion(host)) - before };
}

/** Distinct products a page links to: what it shows. */
const productsShown = (html) => new Set([...html.matchAll(/\/details-page\/([^"?#&\\]+)/g)].map((m) => m[1])).size;

/** Each page once, in order, one at a time: ms to the last byte, status, products shown. */
async function renderPages(baseURL, pages) {
  const rows = [];
  for (const { label, path } of pages) {
    const started = performance.now();
    const response = await fetch(`${baseURL}${path}`, { headers: { "accept-encoding": "identity" } });
    const html = await response.text();
    rows.push({
      label,
      path,
      ms: performance.now() - started,
      status: response.status,
      bytes: Buffer.byteLength(html),
      shown: productsShown(html),
      html,
    });
  }
  return rows;
}

/** The page rows without their bodies, as the report keeps them. */
const withoutBodies = (rows) => rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== "html")));

/** Resident memory of the shop's server process (the counted one), in bytes. */
async function rssOf(baseURL) {
  const counts = await readCounts(baseURL);
  const pid = counts.pid;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kB = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
  if (!(kB > 0)) throw new Error(`no VmRSS for process ${pid}`);
  return kB * 1024;
}

/** Reads between two count snapshots, as the report shows them. */
const readsBetween = (after, before) => figuresOf(difference(after, before));

/** The pages timed at each size, each showing `changed` once it is renamed: home, its category, a search, its own page. */
const pagesShowing = (changed) => [
  { label: "home", path: "/" },
  { label: "category", path: CATEGORY_PATHS[changed.type] },
  { label: "search", path: `/search?q=${RENAME.toLowerCase()}` },
  { label: "product", path: `/details-page/${changed.id}` },
];

/** The first render of each page on each instance, and what each read to start and to render them. */
async function coldStart(instances, pages) {
  const cold = {};
  for (const [name, shop] of Object.entries(instances)) {
    const atReady = await readCounts(shop.baseURL);
    const renders = await renderPages(shop.baseURL, pages);
    const afterRenders = await readCounts(shop.baseURL);
    cold[name] = {
      startup: figuresOf(atReady),
      renders: withoutBodies(renders),
      rendersReads: readsBetween(afterRenders, atReady),
      total: figuresOf(afterRenders),
    };
  }
  return cold;
}

/**
 * The change: `changed` renamed by a 1-product import from outside the shop,
 * as ops import a catalogue file; then each page's first render on B and on
 * A, whether they show it, what each instance read since `before`, and its memory.
 */
async function afterOneChange({ instances, pages, changed, file, importInto }) {
  const before = { A: await readCounts(instances.A.baseURL), B: await readCounts(instances.B.baseURL) };
  writeFileSync(file, JSON.stringify([{ ...changed, name: `${changed.name} ${RENAME}` }]));
  const change = await importInto(file);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = {};
  for (const name of ["B", "A"]) {
    const renders = await renderPages(instances[name].baseURL, pages);
    const product = renders.find((r) => r.label === "product");
    const search = renders.find((r) => r.label === "search");
    after[name] = {
      renders: withoutBodies(renders),
      showsChange: product.html.includes(RENAME) && search.html.includes(RENAME),
      reads: readsBetween(await readCounts(instances[name].baseURL), before[name]),
      rss: await rssOf(instances[name].baseURL),
    };
  }
  return { change, after };
}

/** The browsing views' first renders (what each read), then their store calls bare, on an instance of their own
 (nothing A or B cached or counted before changes what the views wait for or read). Added to `shops`. */
async function browseOnOwnInstance(start, shops, products, env) {
  const shop = await start();
  shops.push(shop);
  const views = browseViews(products);
  const rows = await renderViews(shop.baseURL, views, () => readCounts(shop.baseURL));
  return { rows, bare: bareViewTimes(views, env) };
}

/** The build's error and where, from what a failed `next build` said last. */
function buildFailureOf(message) {
  const lines = message.split("\n");
  const around = (pattern, count) => {
    const at = lines.findIndex((line) => pattern.test(line));
    return at < 0 ? [] : lines.slice(at, at + count);
  };
  return [...around(/⨯ Error/, 3), ...around(/Build error occurred/, 2)].join("\n") || lines.slice(-6).join("\n");
}

/**
 * Instance A, built against the catalogue of this size. When that build fails, the size is
 * measured as a catalogue grown after the deployment instead: built at the
 * demo's 48 products, then the whole `file` imported, then A started.
 */
async function buildAndStartA({ count, file, startA, importInto, emulator, dataDir, distDir, log }) {
  try {
    return { a: await startA(), buildFailure: null, grownImport: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/next build exited|Build error occurred/.test(message)) throw error;
    const buildFailure = buildFailureOf(message);
    log(`  ${count}: the build failed; measuring the catalogue grown after a build at 48 instead`);
    await clearFirestoreEmulator(emulator.host, PROJECT);
    const small = join(dataDir, "small.json");
    writeFileSync(small, JSON.stringify(catalogueOf(48)));
    await importInto(small);
    rmSync(distDir, { recursive: true, force: true });
    const builder = await startA();
    await builder.stop();
    const grownImport = await importInto(file);
    return { a: await startA(), buildFailure, grownImport };
  }
}

/**
 * One catalogue size: seed, build, two instances, cold renders, a change,
 * renders after it, memory. `place`: { ports: { shopA, shopB, shopViews, authA, authB, authViews }, distDir }.
 */
async function oneSize(count, { emulator, place, log }) {
  await clearFirestoreEmulator(emulator.host, PROJECT);
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-fs-scale-${count}-`));
  const env = shopEnv({
    mode: "start",
    backend: "firestore",
    port: place.ports.shopA,
    authPort: place.ports.authA,
    distDir: place.distDir,
    dataDir,
    env: firestoreEnv(emulator.host),
  });
  const importInto = (file) => importFile(file, env, emulator.host);
  const shops = [];
  try {
    const products = catalogueOf(count);
    const file = join(dataDir, "catalogue.json");
    writeFileSync(file, JSON.stringify(products));
    const seed = await importInto(file);
    log(`  ${count} products imported in ${seed.seconds.toFixed(1)} s, ${seed.versionsBumped} catalogue versions`);

    // The product changed later: the last Electronics one, so home, a category, search and its page all show it.
    const changed = products.findLast((p) => p.type === "Electronics");
    const pages = pagesShowing(changed);

    // A fresh build for each size: a deployment prerenders from the catalogue it has.
    rmSync(place.distDir, { recursive: true, force: true });
    const nextauthSecret = randomBytes(32).toString("base64url");
    const common = { distDir: place.distDir, firestoreHost: emulator.host, nextauthSecret, countReads: true, flags: ["--no-seed"] };
    const startA = () => startShop({ ...common, port: place.ports.shopA, authPort: place.ports.authA });
    const buildStarted = Date.now();
    const { a, buildFailure, grownImport } = await buildAndStartA({
      count,
      file,
      startA,
      importInto,
      emulator,
      dataDir,
      distDir: place.distDir,
      log,
    });
    shops.push(a);
    const buildAndStartSeconds = (Date.now() - buildStarted) / 1000;
    const sharedAuth = `127.0.0.1:${place.ports.authA}`;
    const sharedAuthEnv = { FIREBASE_AUTH_EMULATOR_HOST: sharedAuth, NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: sharedAuth };
    const b = await startShop({ ...common, port: place.ports.shopB, authPort: place.ports.authB, env: sharedAuthEnv });
    shops.push(b);
    log(`  ${count}: built and started in ${buildAndStartSeconds.toFixed(0)} s`);

    // Cold start: what each instance read until it answered (its start-up and the readiness probe), then its first renders.
    const instances = { A: a, B: b };
    const cold = await coldStart(instances, pages);
    const startViews = () => startShop({ ...common, port: place.ports.shopViews, authPort: place.ports.authViews, env: sharedAuthEnv });
    const browse = count === Math.max(...FIRESTORE_SCALE_SIZES) ? await browseOnOwnInstance(startViews, shops, products, env) : null;
    const { change, after } = await afterOneChange({ instances, pages, changed, file: join(dataDir, "one-change.json"), importInto });
    const row = {
      count,
      seed,
      buildFailure,
      grownImport,
      change: { kind: "1-product import (scripts/seed.ts)", productId: changed.id, ...change, settleMs: SETTLE_MS },
      buildAndStartSeconds,
      pages: pages.map(({ label, path }) => ({ label, path })),
      cold,
      browse,
      after,
    };
    log(
      `  ${count}: after the change on B ${after.B.renders.map((r) => `${r.label} ${r.ms.toFixed(0)} ms`).join(", ")}; reads A ${after.A.reads.documents}, B ${after.B.reads.documents}; RSS B ${(after.B.rss / 1e6).toFixed(0)} MB`,
    );
    return row;
  } finally {
    for (const shop of shops.reverse()) await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(place.distDir, { recursive: true, force: true });
  }
}

/** Every size on one emulator (`emulatorPort`, or a free one). */
export async function firestoreScaleRuns({ place, emulatorPort, sizes = FIRESTORE_SCALE_SIZES, log = console.log }) {
  const emulator = await startFirestoreEmulator({ port: emulatorPort });
  const started = Date.now();
  try {
    const rows = [];
    for (const count of sizes) rows.push(await oneSize(count, { emulator, place, log }));
    return { rows, emulatorHost: emulator.host, totalSeconds: (Date.now() - started) / 1000 };
  } finally {
    await emulator.stop();
  }
}
