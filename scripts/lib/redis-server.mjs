// A throwaway Redis for the tests of the shared rate limits: Debian's
// redis-server on a free loopback port, keeping nothing on disk. The unit
// suite installs the package first where it can (ensureRedisServer).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { aptInstall } from "./apt.mjs";
import { freePort } from "./free-port.mjs";

const REDIS_SERVER = "/usr/bin/redis-server";

export const HOW_TO_GET_REDIS =
  "redis-server is missing and could not be installed here (apt-get needs root on Debian): install Redis 6 or later " +
  "(apt-get install -y redis-server, brew install redis) so that /usr/bin/redis-server runs, then run the tests again.";

/** Whether redis-server is here, installing Debian's package when it is not and this process may. */
export function ensureRedisServer({ log = console.log } = {}) {
  if (existsSync(REDIS_SERVER)) return true;
  aptInstall("redis-server", { log, why: "for the tests of the rate limits shared through Redis" });
  return existsSync(REDIS_SERVER);
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => socket.end(() => resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts redis-server on a free port (or `port`: the same one again after a
 * stop, as a Redis restarted in place) and resolves once it accepts
 * connections. Returns { url, port, pid, stop }. Throws HOW_TO_GET_REDIS when it
 * is missing.
 */
export async function startRedisServer({ port, timeoutMs = 10_000 } = {}) {
  if (!existsSync(REDIS_SERVER)) throw new Error(HOW_TO_GET_REDIS);
  const chosen = port ?? (await freePort());
  const child = spawn(REDIS_SERVER, ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  let exited = null;
  child.on("exit", (code, signal) => (exited = signal ?? code));
  const kill = () => exited === null && child.kill("SIGKILL");
  process.once("exit", kill);
  const stop = () =>
    exited !== null
      ? Promise.resolve()
      : new Promise((resolve) => {
          child.once("exit", () => resolve());
          kill();
        });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`redis-server exited (${exited}) before it listened:\n${stderr}`);
    if (await listening(chosen)) return { url: `redis://127.0.0.1:${chosen}`, port: chosen, pid: child.pid, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`redis-server did not listen on port ${chosen} within ${timeoutMs / 1000} s:\n${stderr}`);
}
