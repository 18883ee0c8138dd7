// Runs every tests/**/*.test.ts with Node's test runner. Node 20's --test
// takes no globs, so the files are listed here; cross-platform, no shell globbing.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "e2e" ? [] : findTests(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = findTests("tests").sort();
if (files.length === 0) {
  console.error("No unit tests found under tests/");
  process.exit(1);
}
// react-server: lib modules import "server-only", which only resolves under that condition.
const result = spawnSync(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", "--test", "--test-reporter=spec", ...process.argv.slice(2), ...files],
  { stdio: "inherit" },
);
process.exit(result.status ?? 1);
