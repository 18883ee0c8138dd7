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
 * The process runs detached in its own process group and is always ended by
 * signalling that whole group; a worker that exits for any reason takes its
 * shops with it, so no orphan outlives a failed test.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { suiteProjectId } from "./db-firestore";
import type { StoreLocation } from "./db";
import { authEmulatorPort, distDir, e2eBackend } from "../support";

const NEXT_BIN = "node_modules/next/dist/bin/next";
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_LINES_KEPT = 200;

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
  /** Resolves with the signal or exit code once the whole process has ended. */
  readonly exited: Promise<string>;
}

export interface ShopOptions {
  /**
   * Join the suite's own store (Firestore pass only: the same project on the
   * same emulator) with the suite server's NEXTAUTH_SECRET, so a session
   * cookie of one instance is a session cookie of the other.
   */
  shareSuiteStore?: boolean;
}

/**
 * The environment `npm run start:local` would give a shop on `port` with a fresh
 * data folder: scripts/lib/local-env.mjs `localEnv()`, with this shop's PORT,
 * LOCAL_DATA_DIR, store, NEXTAUTH_URL and the suite's build folder.
 */
export async function freshShopConfig(port: number, { shareSuiteStore = false }: ShopOptions = {}): Promise<ShopConfig> {
  if (shareSuiteStore && e2eBackend !== "firestore") throw new Error("shareSuiteStore needs the Firestore pass: a SQLite file belongs to one process");
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-shop-${port}-`));
  const url = `http://localhost:${port}`;
  const store = storeFor(port, dataDir, shareSuiteStore);
  const overrides: Record<string, string> = {
    PORT: String(port),
    LOCAL_DATA_DIR: dataDir,
    NEXTAUTH_URL: url,
    NEXT_DIST_DIR: distDir,
    // The suite's Auth emulator: NEXT_PUBLIC_* values were inlined into the build with it.
    AUTH_EMULATOR_PORT: authEmulatorPort,
    ...(store.kind === "sqlite" ? { SQLITE_PATH: store.path } : { FIREBASE_PROJECT_ID: store.projectId }),
    ...(shareSuiteStore && { NEXTAUTH_SECRET: suiteSecret() }),
  };
  const env = await withEnv(overrides, () => loadLocalEnv());
  return { port, dataDir, store, url, env: { ...env, ...overrides } };
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

/** localEnv() reads process.env, so the overrides are set for the call only and restored after. */
async function withEnv<T>(overrides: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(overrides).map((key) => [key, process.env[key]]));
  Object.assign(process.env, overrides);
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

async function loadLocalEnv(): Promise<NodeJS.ProcessEnv> {
  // A plain .mjs without type declarations: imported by URL and given its type here.
  const moduleUrl = pathToFileURL(resolve("scripts/lib/local-env.mjs")).href;
  const { localEnv } = (await import(moduleUrl)) as {
    localEnv: (mode: "start" | "dev", options: { backend: "sqlite" | "firestore" }) => NodeJS.ProcessEnv;
  };
  return localEnv("start", { backend: e2eBackend });
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

/** Starts `next start` for this config and resolves once /api/health answers 200. */
export async function startShop(config: ShopConfig): Promise<ShopProcess> {
  // Something already answering there (a leftover server) would pass the health check in our place.
  if (await answers(config.url)) throw new Error(`port ${config.port} is already serving ${config.url}; stop that process first`);
  const child = spawn(process.execPath, [NEXT_BIN, "start", "--port", String(config.port)], {
    env: config.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("next start could not be spawned");
  liveGroups.add(pid);
  const shop: ShopProcess = { config, pid, log: keepLog(child), exited: exitOf(child, pid) };
  try {
    await waitForHealth(shop);
  } catch (error) {
    await killShop(shop);
    throw error;
  }
  return shop;
}

function keepLog(child: ChildProcess): () => string {
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString().split(/\r?\n/).filter((line) => line.trim()));
    lines.splice(0, Math.max(0, lines.length - LOG_LINES_KEPT));
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return () => lines.join("\n");
}

function exitOf(child: ChildProcess, pid: number): Promise<string> {
  return new Promise((resolvePromise) => {
    child.once("exit", (code, signal) => {
      liveGroups.delete(pid);
      resolvePromise(signal ?? String(code));
    });
  });
}

async function waitForHealth(shop: ShopProcess): Promise<void> {
  let ended: string | null = null;
  void shop.exited.then((how) => (ended = how));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (ended !== null) throw new Error(`the shop on ${shop.config.url} exited (${ended}) before it was ready:\n${shop.log()}`);
    if (await healthy(shop.config.url)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the shop on ${shop.config.url} was not healthy within ${START_TIMEOUT_MS / 1000} s:\n${shop.log()}`);
}

/** True when the shop's readiness probe answers 200 within two seconds. */
export async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** True when anything accepts HTTP on this origin. */
async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(2_000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** SIGKILLs the shop's whole process group (a crash: no shutdown hooks run) and waits until it is gone. */
export async function killShop(shop: ShopProcess): Promise<void> {
  signalGroup(shop.pid, "SIGKILL");
  await shop.exited;
}

/** Asks the shop to stop (SIGTERM), and SIGKILLs the group if it has not ended within ten seconds. */
export async function stopShop(shop: ShopProcess): Promise<void> {
  signalGroup(shop.pid, "SIGTERM");
  const timer = setTimeout(() => signalGroup(shop.pid, "SIGKILL"), STOP_TIMEOUT_MS);
  await shop.exited;
  clearTimeout(timer);
  // Children the server may have forked share its group; none may outlive it.
  signalGroup(shop.pid, "SIGKILL");
}

export function removeShopData(config: ShopConfig): void {
  rmSync(config.dataDir, { recursive: true, force: true });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
