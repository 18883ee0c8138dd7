// Installs a Debian package for a tool the scripts need (chromium, wrk, ab,
// redis-server) when running as root on a machine with apt, as CI and this
// kind of machine are; anywhere else it does nothing and says so by
// returning false. apt holds one lock and `apt-get update` does not wait for
// it, so the scripts' own installs take turns on a lock of their own (flock):
// npm test's lanes may ask for packages at the same moment.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const TURN_LOCK = "/var/lock/storefront-apt.lock";
/** How long an install waits for another to finish (a first chromium install takes minutes). */
const TURN_WAIT_SECONDS = 900;

const run = (args, env) => {
  const [command, commandArgs] = existsSync("/usr/bin/flock")
    ? ["flock", ["-w", String(TURN_WAIT_SECONDS), TURN_LOCK, "apt-get", ...args]]
    : ["apt-get", args];
  return spawnSync(command, commandArgs, { stdio: "inherit", env }).status === 0;
};

/** `apt-get update` then `apt-get install PACKAGE`; true when it was installed. */
export function aptInstall(packageName, { log = console.log, why = "" } = {}) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) return false;
  log(`Installing the Debian package ${packageName}${why ? ` ${why}` : ""}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  return run(["update", "-qq"], env) && run(["install", "-y", "-qq", packageName], env);
}
