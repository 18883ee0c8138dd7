// The one way to start the shop as a process, for `npm run start:local`
// (scripts/local.mjs), the end-to-end suite's extra shops
// (tests/e2e/helpers/shop-process.ts) and the benchmarks and screenshots
// (scripts/lib/local-shop.mjs). The suite's own shop is Playwright's webServer
// running scripts/local.mjs, so it starts through here too.
//
//   shopPlace()  the variables that put one shop on its own port, Auth
//                emulator port, build folder and data folder
//   shopEnv()    the whole environment `npm run start:local` gives a shop
//                (scripts/lib/local-env.mjs) with such a place and store
//   startShop()  spawns it in a process group of its own, either as
//                `next start|dev` alone (via "next": build, store and Auth
//                emulator are the caller's) or as the whole local stack
//                (via "local": scripts/local.mjs, which seeds, builds when
//                needed and starts the Auth emulator); resolves once
//                /api/health answers 200, with a handle that stops (SIGTERM,
//                SIGKILL after a bounded wait) or kills (SIGKILL: a crash)
//                the whole group and keeps the last lines it printed for
//                error messages.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { localEnv } from "./local-env.mjs";

export const NEXT_BIN = "node_modules/next/dist/bin/next";

/**
 * How long `next start` keeps an idle connection open: past the 60 s idle
 * timeout of the usual proxies and load balancers, as package.json's
 * `start` does (docs/DEPLOY.md section 17). Node's default, 5 s, closes a
 * socket a client may be reusing at that very moment: the client gets
 * ECONNRESET (a proxy, a 502).
 */
export const KEEP_ALIVE_MS = "65000";
const LOCAL_SCRIPT = "scripts/local.mjs";
const LOG_LINES_KEPT = 200;
const POLL_MS = 200;

/**
 * The variables that give one shop its own place: PORT (and NEXTAUTH_URL on
 * it, whatever the shell or .env.local says), AUTH_EMULATOR_PORT,
 * NEXT_DIST_DIR, LOCAL_DATA_DIR. Only the ones given are set.
 */
export function shopPlace({ port, authPort, distDir, dataDir } = {}) {
  return {
    ...(port !== undefined && { PORT: String(port), NEXTAUTH_URL: `http://localhost:${port}` }),
    ...(authPort !== undefined && { AUTH_EMULATOR_PORT: String(authPort) }),
    ...(distDir !== undefined && { NEXT_DIST_DIR: distDir }),
    ...(dataDir !== undefined && { LOCAL_DATA_DIR: dataDir }),
  };
}

/**
 * The environment `npm run start:local` gives a shop (localEnv: process.env,
 * .env files, then the embedded defaults), placed with shopPlace() and with
 * `env` (store, secrets, anything else) winning over all of it. process.env
 * is left as it was.
 */
export function shopEnv({ mode = "start", backend = "sqlite", env = {}, ...place } = {}) {
  return localEnv(mode, { backend, overrides: { ...shopPlace(place), ...env } });
}

/** Signals a whole process group; false when it is already gone. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True when the shop's readiness probe answers 200 within two seconds. */
export async function healthy(url) {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** True when anything accepts HTTP on this origin. */
async function answers(url) {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(2_000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Calls onLine(line, stream) for each non-blank line of the child's output, lines split across chunks included. */
function eachLine(child, onLine) {
  for (const stream of ["stdout", "stderr"]) {
    let rest = "";
    child[stream].on("data", (chunk) => {
      const lines = (rest + chunk.toString()).split(/\r?\n/);
      rest = lines.pop();
      for (const line of lines) if (line.trim()) onLine(line, stream);
    });
    child[stream].on("end", () => {
      if (rest.trim()) onLine(rest, stream);
      rest = "";
    });
  }
}

/**
 * Starts the shop on env.PORT and resolves, once /api/health answers 200,
 * with { url, pid, child, log(), exited, stop(), kill() }.
 *
 * - via "next" (default): `next <mode> --port PORT` with exactly `env`
 *   (build it with shopEnv()), run in `projectDir` when given (a copy of the
 *   sources); "local": `scripts/local.mjs <mode> ...flags`, which computes
 *   the rest of the environment itself.
 * - Something already answering on the port is an error, not a shop: it
 *   would pass the readiness check in this one's place.
 * - The process leads a group of its own; stop() and kill() signal the whole
 *   group. onSpawn(child) runs right after the spawn (to track the process
 *   before it is ready), onLine(line, "stdout"|"stderr") on each line it
 *   prints; the last `logLines` lines are kept for log() and error messages.
 * - It fails (after killing the group) when the process exits first or is
 *   not ready within startTimeoutMs (default 2 min; 30 min via "local",
 *   which may build first).
 * - stop(timeoutMs): SIGTERM, SIGKILL once timeoutMs has passed (default
 *   10 s; 20 s via "local", whose own children get 10 s), then SIGKILL for
 *   anything left in the group. kill(): SIGKILL at once, as a crash would.
 *   Both resolve once the process has exited. exited resolves with its
 *   signal or exit code.
 */
export async function startShop({
  env,
  mode = "start",
  via = "next",
  projectDir,
  flags = [],
  startTimeoutMs = via === "local" ? 30 * 60_000 : 120_000,
  stopTimeoutMs = via === "local" ? 20_000 : 10_000,
  logLines = LOG_LINES_KEPT,
  onSpawn,
  onLine,
}) {
  const port = env.PORT || "3000";
  const url = `http://localhost:${port}`;
  if (await answers(url)) throw new Error(`port ${port} is already serving ${url}; stop that process first`);
  const keepAlive = mode === "start" ? ["--keepAliveTimeout", KEEP_ALIVE_MS] : [];
  const args = via === "local" ? [LOCAL_SCRIPT, mode, ...flags] : [resolve(NEXT_BIN), mode, "--port", port, ...keepAlive];
  const child = spawn(process.execPath, args, { env, cwd: projectDir, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const lines = [];
  eachLine(child, (line, stream) => {
    lines.push(line);
    if (lines.length > logLines) lines.splice(0, lines.length - logLines);
    onLine?.(line, stream);
  });
  let ended = null;
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve((ended = signal ?? String(code))));
    // A spawn that failed outright (no pid) never emits exit.
    child.once("error", (error) => resolve((ended ??= `error: ${error.message}`)));
  });
  const pid = child.pid;
  const log = () => lines.join("\n");
  const kill = async () => {
    if (pid !== undefined) signalGroup(pid, "SIGKILL");
    await exited;
  };
  const stop = async (timeoutMs = stopTimeoutMs) => {
    if (pid === undefined) return;
    signalGroup(pid, "SIGTERM");
    const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), timeoutMs);
    await exited;
    clearTimeout(timer);
    // Children it forked share its group; none may outlive it.
    signalGroup(pid, "SIGKILL");
  };
  const shop = { url, pid, child, log, exited, stop, kill };
  onSpawn?.(child);

  const what = `the shop on ${url}`;
  const deadline = Date.now() + startTimeoutMs;
  while (true) {
    if (ended !== null) {
      await exited;
      if (pid !== undefined) signalGroup(pid, "SIGKILL");
      throw new Error(`${what} exited (${ended}) before it was ready:\n${log()}`);
    }
    if (await healthy(url)) return shop;
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`${what} was not healthy within ${Math.round(startTimeoutMs / 1000)} s:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
