// Child processes that stop together: Ctrl-C (or any child dying) stops all.
import { spawn } from "node:child_process";

const children = new Set();
let stopping = false;

/** Starts a long-running child in its own process group, with prefixed output. */
export function startService(name, command, args, env) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const prefix = (stream, out) =>
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split(/\r?\n/)) if (line.trim()) out.write(prefixed(name, line));
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  track(name, child);
  return child;
}

/** One line of a service's output as printed: `[name] line`. */
export function prefixed(name, line) {
  return `[${name}] ${line}\n`;
}

/**
 * Makes a child (started in its own process group, here or by
 * scripts/lib/shop-launcher.mjs) one of those stopAll() stops; its exit,
 * unless we are stopping, stops everything.
 */
export function track(name, child) {
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping everything.`);
      void stopAll(code === 0 ? 1 : (code ?? 1));
    }
  });
}

/** Runs a command to completion with inherited output; rejects on failure. */
export function run(command, args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** SIGTERM every child's process group, then SIGKILL what is left after 10 s. */
export async function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  const alive = [...children];
  for (const child of alive) signalGroup(child, "SIGTERM");
  const deadline = setTimeout(() => alive.forEach((child) => signalGroup(child, "SIGKILL")), 10_000);
  await Promise.all(alive.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.once("exit", r)))));
  clearTimeout(deadline);
  process.exit(exitCode);
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export function stopOnSignals() {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stopAll(0));
}

/** Polls `check` until it returns true, or throws after `ms`. */
export async function waitFor(what, check, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (stopping) throw new Error(`stopped while waiting for ${what}`);
    try {
      if (await check()) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not become ready within ${ms / 1000} s`);
}
