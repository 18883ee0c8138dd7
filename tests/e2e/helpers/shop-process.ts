/**
 * A second shop process for specs that must kill or restart a server, or run
 * two instances side by side: the same production build the suite runs
 * against (E2E_DIST_DIR), served by its own `next start` on its own port and
 * data folder. On SQLite it has its own database file; on Firestore its own
 * project on the pass's emulator (an emulator keeps projects apart like
 * separate databases), so killing it never disturbs the shared e2e server or
 * its catalogue. `shareSuiteStore` instead joins the suite's own store and
 * session secret: a second instance of the same shop.
 *
 * Its environment and process are scripts/lib/shop-launcher.mjs's, the
 * launcher start:local and the bench use: the process runs detached in its
 * own process group and is always ended by signalling that whole group; a
 * worker that exits for any reason takes its shops with it, so no orphan
 * outlives a failed test.
 *
 * Each start writes the shop's whole output to a file of its own
 * (scripts/lib/shop-log-file.mjs: test-results/shop-logs/<pass>-<spec>-<port>.log);
 * stopShop and killShop fail on an unexpected error line or personal data in it
 * (scripts/lib/shop-log-check.mjs, shop-log-personal-data.mjs), and scripts/e2e.mjs checks it again after the pass.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { test } from "@playwright/test";
import { suitePhotoBucket } from "./photo-bucket";
import { shopEnv, signalGroup, startShop as launchShop, type ShopHandle } from "../../../scripts/lib/shop-launcher.mjs";
import { checkShopLogFiles, describeLogFailures } from "../../../scripts/lib/shop-log-check.mjs";
import { checkShopLogsForPersonalData, describePersonalData } from "../../../scripts/lib/shop-log-personal-data.mjs";
import { freeShopLogPath, openShopLog } from "../../../scripts/lib/shop-log-file.mjs";
import { suiteProjectId } from "./db-firestore";
import type { StoreLocation } from "./db";
import { authEmulatorPort, distDir, e2eBackend } from "../support";
import { suiteMailCatcher } from "./caught-mail";

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Process groups still running, signalled on worker exit as a last resort. */
const liveGroups = new Set<number>();
process.once("exit", () => {
  for (const pid of liveGroups) signalGroup(pid, "SIGKILL");
});

export interface ShopConfig {
  port: number;
  /** This shop's own data folder (NEXTAUTH secret, SQLite file); removed by `removeShopData`. */
  dataDir: string;
  /** Where its data lives: read it back with helpers/db.ts `cartLinesOf`. */
  store: StoreLocation;
  url: string;
  env: NodeJS.ProcessEnv;
}

export interface ShopProcess {
  readonly config: ShopConfig;
  readonly pid: number;
  /** The last lines the server printed (stdout and stderr), for failure messages. */
  log(): string;
  /** The file holding everything it printed (scripts/lib/shop-log-file.mjs). */
  readonly logFile: string;
  /** Resolves with the signal or exit code once the whole process has ended. */
  readonly exited: Promise<string>;
  /** The launcher's handle (scripts/lib/shop-launcher.mjs): stopShop and killShop use it. */
  readonly handle: ShopHandle;
}

interface ShopOptions {
  /**
   * Join the suite's own store (Firestore pass only: the same project on the
   * same emulator) with the suite server's NEXTAUTH_SECRET, so a session
   * cookie of one instance is a session cookie of the other.
   */
  shareSuiteStore?: boolean;
}

/**
 * The environment `npm run start:local` would give a shop on `port` with a fresh
 * data folder: scripts/lib/shop-launcher.mjs `shopEnv()`, placed on this port and
 * data folder with the suite's build folder and Auth emulator, on this shop's store.
 */
export async function freshShopConfig(port: number, { shareSuiteStore = false }: ShopOptions = {}): Promise<ShopConfig> {
  if (shareSuiteStore && e2eBackend !== "firestore")
    throw new Error("shareSuiteStore needs the Firestore pass: a SQLite file belongs to one process");
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-shop-${port}-`));
  const store = storeFor(port, dataDir, shareSuiteStore);
  const catcher = suiteMailCatcher();
  const photoBucket = suitePhotoBucket();
  const env = shopEnv({
    mode: "start",
    backend: e2eBackend,
    port,
    dataDir,
    distDir,
    // The suite's Auth emulator: NEXT_PUBLIC_* values were inlined into the build with it.
    authPort: authEmulatorPort,
    env: {
      ...(store.kind === "sqlite" ? { SQLITE_PATH: store.path } : { FIREBASE_PROJECT_ID: store.projectId }),
      ...(shareSuiteStore && { NEXTAUTH_SECRET: suiteSecret() }),
      // The suite's mail catcher: every instance's email is read back in one place.
      ...(catcher && { SMTP_URL: catcher.smtp }),
      // An instance of the suite's shop keeps photos in the suite's bucket, as instances of one Vercel shop do.
      ...(shareSuiteStore && photoBucket && { STORAGE_EMULATOR_HOST: photoBucket.url, FIREBASE_STORAGE_BUCKET: photoBucket.bucket }),
    },
  });
  return { port, dataDir, store, url: `http://localhost:${port}`, env };
}

function storeFor(port: number, dataDir: string, shareSuiteStore: boolean): StoreLocation {
  if (e2eBackend === "sqlite") return { kind: "sqlite", path: join(dataDir, "storefront.db") };
  if (shareSuiteStore) return { kind: "firestore", projectId: suiteProjectId() };
  // A demo- project (emulator only) of its own; ids are 6-30 lowercase letters, digits and hyphens.
  return { kind: "firestore", projectId: `demo-shop-${port}-${randomBytes(4).toString("hex")}` };
}

/** The session secret the suite's server generated into its data folder (scripts/lib/local-env.mjs). */
function suiteSecret(): string {
  return readFileSync(join(process.env.E2E_DATA_DIR ?? ".data-e2e", "nextauth-secret"), "utf8").trim();
}

/** Seeds the demo catalogue into the shop's (empty) store, as start:local does before serving. */
export function seedDemoCatalogue(config: ShopConfig): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const args = ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", "--if-empty"];
    const child = spawn(process.execPath, args, { env: config.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), START_TIMEOUT_MS);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise();
      else reject(new Error(`seeding ${JSON.stringify(config.store)} failed (${signal ?? code}):\n${output}`));
    });
  });
}

/** Writes `products` (import-file records) into the shop's store with scripts/seed.ts, as an operator's import does. */
export function seedProducts(config: ShopConfig, products: Array<Record<string, unknown>>): void {
  const file = join(config.dataDir, `import-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(products));
  const seeded = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", file], {
    env: config.env,
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding ${file} failed (${seeded.status}):\n${seeded.stdout}${seeded.stderr}`);
}

/**
 * Starts `next start` for this config (scripts/lib/shop-launcher.mjs, in a
 * process group of its own) and resolves once /api/health answers 200.
 */
export async function startShop(config: ShopConfig): Promise<ShopProcess> {
  if (config.env.PORT !== String(config.port)) throw new Error(`config.env.PORT (${config.env.PORT}) is not config.port (${config.port})`);
  const log = openShopLog(freeShopLogPath(e2ePass, `${currentSpec()}-${config.port}`));
  const handle = await launchShop({
    env: config.env,
    startTimeoutMs: START_TIMEOUT_MS,
    stopTimeoutMs: STOP_TIMEOUT_MS,
    // Tracked from the spawn on, so a worker dying while the shop starts still takes it along.
    onSpawn: (child) => {
      const pid = child.pid;
      if (pid === undefined) return;
      liveGroups.add(pid);
      child.once("exit", () => liveGroups.delete(pid));
    },
    onLine: (line, stream) => log.write(line, stream),
  });
  return { config, pid: handle.pid as number, log: handle.log, logFile: log.file, exited: handle.exited, handle };
}

/** The pass this worker runs in (scripts/e2e.mjs sets E2E_PASS; run directly, the backend's). */
const e2ePass = process.env.E2E_PASS ?? e2eBackend;

/** The spec file starting a shop, without ".spec.ts" ("shop" outside a test or hook). */
function currentSpec(): string {
  try {
    return basename(test.info().file).replace(/\.spec\.ts$/, "");
  } catch {
    return "shop";
  }
}

/**
 * Throws, with the lines and the file, when the stopped shop logged an error line tests/e2e/expected-log-lines.json
 * does not list, or personal data (scripts/lib/shop-log-personal-data.mjs).
 */
function checkLog(shop: ShopProcess): void {
  const failures = checkShopLogFiles([shop.logFile]);
  if (failures.length > 0)
    throw new Error(`the shop on ${shop.config.url} logged unexpected error lines:\n${describeLogFailures(failures)}`);
  const personal = checkShopLogsForPersonalData([shop.logFile]);
  if (personal.length > 0) throw new Error(`the shop on ${shop.config.url} logged personal data:\n${describePersonalData(personal)}`);
}

/** True when the shop's readiness probe answers 200 within two seconds. */
export { healthy } from "../../../scripts/lib/shop-launcher.mjs";

/**
 * SIGKILLs the shop's whole process group (a crash: no shutdown hooks run) and waits until it is gone;
 * throws when its log holds an unexpected error line.
 */
export async function killShop(shop: ShopProcess): Promise<void> {
  await shop.handle.kill();
  checkLog(shop);
}

/**
 * Asks the shop to stop (SIGTERM), and SIGKILLs the group if it has not ended within ten seconds;
 * throws when its log holds an unexpected error line.
 */
export async function stopShop(shop: ShopProcess): Promise<void> {
  await shop.handle.stop();
  checkLog(shop);
}

export function removeShopData(config: ShopConfig): void {
  rmSync(config.dataDir, { recursive: true, force: true });
}
