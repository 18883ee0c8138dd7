// What a bench run records about itself beside its figures: the machine,
// when each measurement started and the machine's load then, the source it
// measured; and each step's time, or its failure.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { CHROMIUM } from "../lib/chromium.mjs";

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
/** Now, to the second, and the load average now: when a measurement started. */
export const startedAt = () => ({ date: new Date().toISOString().replace(/\.\d+Z$/, "Z"), loadavg: loadNow() });

export const machine = {
  cores: os.cpus().length,
  model: os.cpus()[0].model,
  memoryGiB: (os.totalmem() / 2 ** 30).toFixed(0),
  node: process.version,
  os: `${os.type()} ${os.release()}`,
  ...startedAt(),
  // Debian's wrapper script prints shell noise on stderr; the version is on stdout.
  chromium: execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
  lighthouse: JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version,
};

// What was measured: the build reads the working tree, so files changed but
// not committed are part of the figures too.
export function treeState() {
  const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const changed = git(
    "status",
    "--porcelain",
    "--untracked-files=no",
    "--",
    "app",
    "components",
    "lib",
    "proxy.ts",
    "next.config.ts",
    "instrumentation.ts",
    "instrumentation-node.ts",
  );
  return { commit: git("rev-parse", "--short", "HEAD"), uncommittedSourceFiles: changed ? changed.split("\n").length : 0 };
}

// A failed measurement is reported as such (and fails the command), but
// does not throw away the others' figures.
export async function step(name, work) {
  console.log(`${name}...`);
  const started = Date.now();
  try {
    return await work();
  } catch (error) {
    console.error(`${name} failed:`, error);
    process.exitCode = 1;
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
