// Installs a Debian package for a tool the scripts need (chromium, wrk, ab)
// when running as root on a machine with apt, as CI and this kind of
// machine are; anywhere else it does nothing and says so by returning false.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const run = (args, env) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;

/** `apt-get update` then `apt-get install PACKAGE`; true when it was installed. */
export function aptInstall(packageName, { log = console.log, why = "" } = {}) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) return false;
  log(`Installing the Debian package ${packageName}${why ? ` ${why}` : ""}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  return run(["update", "-qq"], env) && run(["install", "-y", "-qq", packageName], env);
}
