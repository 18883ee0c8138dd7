// "Builds if needed": a build is reused only when it is newer than every
// source file and was made with the same browser-visible configuration
// (NEXT_PUBLIC_* values are inlined at build time) and the same store backend
// (pages are prerendered from the store, so a build made on SQLite is not one
// made on Firestore, even when both hold the demo catalogue).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SOURCES = [
  ...["app", "components", "lib", "public", "data", "cache-handlers", "proxy.ts", "instrumentation.ts", "instrumentation-node.ts"],
  ...["next.config.ts", "package-lock.json", "tsconfig.json"],
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

function fingerprint(env) {
  const keys = Object.keys(env)
    .filter((k) => k.startsWith("NEXT_PUBLIC_"))
    .sort();
  return JSON.stringify([["STORE_BACKEND", env.STORE_BACKEND || "sqlite"], ...keys.map((k) => [k, env[k]])]);
}

export function buildIsCurrent(env) {
  const distDir = env.NEXT_DIST_DIR || ".next";
  const marker = join(distDir, "local-build.json");
  if (!existsSync(join(distDir, "BUILD_ID")) || !existsSync(marker)) return false;
  const recorded = JSON.parse(readFileSync(marker, "utf8"));
  if (recorded.fingerprint !== fingerprint(env)) return false;
  return SOURCES.every((source) => newestMtime(source) <= statSync(join(distDir, "BUILD_ID")).mtimeMs);
}

export function recordBuild(env) {
  const distDir = env.NEXT_DIST_DIR || ".next";
  writeFileSync(join(distDir, "local-build.json"), JSON.stringify({ fingerprint: fingerprint(env) }));
}
