// npm run test:e2e: the Playwright suite against fresh production builds, in
// three passes (tests/e2e/passes.json says which specs run in which):
//   sqlite     every spec but passes.json's firestoreOnly, on the embedded defaults (port 3100, Auth emulator 9199, build .next-e2e)
//   firestore  the cart, live, accounts/admin, merge, sign-out, load, crash and fuzz specs and two
//              shop instances on one database, on the official Firestore emulator this script
//              starts on a free port (port 3200, Auth emulator 9299, build .next-e2e-firestore),
//              with a Redis of its own (scripts/lib/redis-server.mjs) for the rate limits (REDIS_URL)
//   empty      a first deploy before seeding: the shop built (always) and served on an empty
//              catalogue, on a Firestore emulator of its own, never seeded; the empty-catalogue
//              spec only (port 3300, Auth emulator 9399, build .next-e2e-empty)
// Each pass gets a fresh data folder (so the first two start from the demo
// catalogue) and its own build; the time of each pass is printed at the end.
// Every shop instance of a pass (the suite's own, and the shops specs start)
// writes its whole output to test-results/shop-logs/<pass>-<name>.log
// (scripts/lib/shop-log-file.mjs); after the pass, an error line in any of
// them that tests/e2e/expected-log-lines.json does not list fails the pass
// (scripts/lib/shop-log-check.mjs), with the lines and the file, and so does
// personal data in any (scripts/lib/shop-log-personal-data.mjs). Each pass's
// Playwright JSON report (every test's start time and duration, for a timeline
// of the pass) is kept in test-results/e2e-<pass>-report.json.
//
// Options: --backend=sqlite|firestore|empty runs one pass. Spec files given as
// arguments run in the passes that hold them; other arguments go to Playwright.
// E2E_PORT, E2E_AUTH_EMULATOR_PORT, E2E_DIST_DIR set the SQLite pass's;
// E2E_FIRESTORE_PORT, E2E_FIRESTORE_AUTH_EMULATOR_PORT, E2E_FIRESTORE_DIST_DIR the Firestore pass's;
// E2E_EMPTY_PORT, E2E_EMPTY_AUTH_EMULATOR_PORT, E2E_EMPTY_DIST_DIR the empty pass's.
// The browser (Debian's chromium headless shell, installed with apt when
// missing and run as root, else Playwright's own) is scripts/lib/browser.mjs's.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { ensureBrowser } from "./lib/browser.mjs";
import { minutes } from "./lib/minutes.mjs";
import { startFirestoreEmulator } from "./lib/firestore-emulator.mjs";
import { ensureRedisServer, HOW_TO_GET_REDIS, startRedisServer } from "./lib/redis-server.mjs";
import { checkShopLogFiles, describeLogFailures, loadExpectedLines } from "./lib/shop-log-check.mjs";
import { checkShopLogsForPersonalData, describePersonalData } from "./lib/shop-log-personal-data.mjs";
import { clearShopLogsOfPass, shopLogsOfPass } from "./lib/shop-log-file.mjs";

const passes = JSON.parse(readFileSync("tests/e2e/passes.json", "utf8"));
const PASS_NAMES = ["sqlite", "firestore", "empty"];

/** The command line: which passes, which spec files, and everything else for Playwright. */
function parseArgs(argv) {
  const backendArg = argv.find((a) => a.startsWith("--backend="));
  const backends = backendArg ? [backendArg.slice("--backend=".length)] : PASS_NAMES;
  for (const b of backends) {
    if (!PASS_NAMES.includes(b)) {
      console.error(`--backend must be one of ${PASS_NAMES.join(", ")}, not ${b}`);
      process.exit(2);
    }
  }
  const rest = argv.filter((a) => a !== backendArg);
  // A spec file, optionally with :line (Playwright's own syntax).
  const specs = rest.filter((a) => /\.spec\.ts(:\d+)*$/.test(a)).map((a) => basename(a.replace(/(:\d+)+$/, "")));
  return { backends, specs, playwrightArgs: rest };
}

// Ctrl-C or a SIGTERM (CI cancelling) reaches this script first: Playwright is
// asked to stop as on Ctrl-C (it stops the shop it started), then the pass's
// emulator and data folder are removed as on a normal end.
let playwright = null;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interrupted = true;
    playwright?.kill("SIGINT");
  });
}

function runPlaywright(args, env) {
  return new Promise((resolve) => {
    playwright = spawn(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...args], { env, stdio: "inherit" });
    playwright.on("exit", (code) => {
      playwright = null;
      resolve(code ?? 1);
    });
  });
}

/** Whether this pass holds any of the spec files asked for (all, when none were named). */
function passHolds(pass, specs) {
  if (specs.length === 0) return true;
  if (pass === "empty") return specs.some((s) => passes.empty.includes(s));
  if (pass === "firestore") return specs.some((s) => passes.firestore.includes(s));
  return specs.some((s) => !passes.firestoreOnly.includes(s) && !passes.empty.includes(s));
}

/** The Firestore passes' own ports and build folders (playwright.config.ts has the same defaults). */
function firestorePassEnv(pass) {
  const [prefix, port, authPort, distDir] =
    pass === "empty" ? ["E2E_EMPTY_", "3300", "9399", ".next-e2e-empty"] : ["E2E_FIRESTORE_", "3200", "9299", ".next-e2e-firestore"];
  return {
    E2E_PORT: process.env[`${prefix}PORT`] ?? port,
    E2E_AUTH_EMULATOR_PORT: process.env[`${prefix}AUTH_EMULATOR_PORT`] ?? authPort,
    E2E_DIST_DIR: process.env[`${prefix}DIST_DIR`] ?? distDir,
    // The Auth emulator's demo- project: firebase-admin checks ID tokens against it.
    FIREBASE_PROJECT_ID: "demo-storefront",
  };
}

/**
 * The failed tests of a Playwright JSON report, each as "[project] file › title: first line of
 * the error", then where it failed and the lines that say what was expected and received.
 * Each pass prints its own failures as it ends; these are repeated after the last pass,
 * so the end of a long log (all a CI summary may show) says what failed where, and how.
 */
function failuresIn(reportFile) {
  if (!existsSync(reportFile)) return [];
  const failures = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const failed = (test.results ?? []).find((r) => r.status === "failed" || r.status === "timedOut");
        if (!failed) continue;
        const lines = (failed.error?.message ?? failed.status)
          .replace(/\u001b\[[0-9;]*m/g, "")
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean);
        const where = failed.error?.location;
        const details = [
          ...(where ? [`at ${basename(where.file)}:${where.line}`] : []),
          ...lines
            .slice(1)
            .filter((l) => /^(Locator|Expected|Received|Timeout)\b/.test(l))
            .slice(0, 5),
        ];
        const flaky = test.status === "flaky" ? " (passed on its retry: flaky)" : "";
        failures.push([`[${test.projectName}] ${file} › ${spec.title}${flaky}: ${lines[0] ?? ""}`, ...details].join("\n        "));
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of JSON.parse(readFileSync(reportFile, "utf8")).suites ?? []) visit(suite, suite.file ?? suite.title);
  return failures;
}

/**
 * The pass's shop logs checked against tests/e2e/expected-log-lines.json, and for
 * personal data (scripts/lib/shop-log-personal-data.mjs): the failures (one line per
 * file and check, for the summary), after printing every unexpected line and finding.
 */
function shopLogFailures(pass) {
  const files = shopLogsOfPass(pass);
  const failures = checkShopLogFiles(files, loadExpectedLines());
  if (failures.length === 0) console.log(`Shop logs of the ${pass} pass: no unexpected error lines in ${files.length} file(s).`);
  else console.error(`\nShop logs of the ${pass} pass: unexpected error lines\n${describeLogFailures(failures)}\n`);
  const personal = checkShopLogsForPersonalData(files);
  if (personal.length === 0) console.log(`Shop logs of the ${pass} pass: no personal data in ${files.length} file(s).`);
  else console.error(`\nShop logs of the ${pass} pass: personal data\n${describePersonalData(personal)}\n`);
  return [
    ...failures.map(
      ({ file, unexpected }) => `${file}: ${unexpected.length} unexpected error line(s), first: ${unexpected[0].text.split("\n")[0]}`,
    ),
    ...personal.map(
      ({ file, findings }) =>
        `${file}: ${findings.length} line(s) with personal data, first: line ${findings[0].line}, ${findings[0].what}`,
    ),
  ];
}

/** One Playwright run for one pass, with a fresh data folder; returns its exit status and failed tests. */
async function runPass(pass, playwrightArgs) {
  const backend = pass === "sqlite" ? "sqlite" : "firestore";
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-e2e-${pass}-`));
  const env = {
    ...process.env,
    E2E_PASS: pass,
    E2E_BACKEND: backend,
    E2E_DATA_DIR: dataDir,
    E2E_REPORT_FILE: join("test-results", `e2e-${pass}-report.json`),
    NEXT_TELEMETRY_DISABLED: "1",
    // The suite's builds skip Next's own type check (next.config.ts): npm test runs tsc on these sources first.
    STOREFRONT_SOURCES_TYPECHECKED: "1",
    // Named, not inferred: a FIRESTORE_EMULATOR_HOST left in the shell would otherwise switch the SQLite pass too.
    STORE_BACKEND: backend,
    // The suite sends far more from one address than a person would (fuzzers, load); the abuse
    // spec (tests/e2e/abuse.spec.ts) starts a shop of its own at the real limits.
    RATE_LIMIT_FACTOR: "1000",
    // The specs' own firebase-admin (tests/e2e/helpers/db-firestore.ts) never probes for a Google
    // Cloud metadata server: that network call printed a MetadataLookupWarning (the shops have the same).
    METADATA_SERVER_DETECTION: "none",
  };
  let emulator = null;
  let redis = null;
  if (backend === "firestore") Object.assign(env, firestorePassEnv(pass));
  clearShopLogsOfPass(pass);
  mkdirSync("test-results", { recursive: true });
  rmSync(env.E2E_REPORT_FILE, { force: true });
  try {
    if (backend === "firestore") {
      // A fresh emulator per pass (the empty pass's holds nothing): the suite's shop (scripts/local.mjs
      // reuses it), the shops specs start, and the specs' own reads (tests/e2e/helpers/db-firestore.ts) all use it.
      emulator = await startFirestoreEmulator({ shortLived: true });
      env.FIRESTORE_EMULATOR_HOST = emulator.host;
      console.log(`Firestore emulator for the e2e pass at ${emulator.host}`);
    }
    if (pass === "firestore") {
      // The production-like pass counts its rate limits in one Redis, as several instances
      // behind a load balancer do: the suite's shop and every shop a spec starts share it.
      if (!ensureRedisServer()) throw new Error(HOW_TO_GET_REDIS);
      redis = await startRedisServer();
      env.REDIS_URL = redis.url;
      console.log(`Redis for the e2e pass's rate limits at ${redis.url}`);
    }
    const status = await runPlaywright(playwrightArgs, env);
    const logFailures = shopLogFailures(pass);
    return { status: status === 0 && logFailures.length > 0 ? 1 : status, failures: [...failuresIn(env.E2E_REPORT_FILE), ...logFailures] };
  } finally {
    await emulator?.stop();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { backends, specs, playwrightArgs } = parseArgs(process.argv.slice(2));
  // playwright.config.ts and the specs import scripts/lib/*.mjs, which Playwright's CommonJS loader can only require() from Node 20.19 on.
  if (!process.features.require_module) {
    console.error(`The end-to-end suite needs Node 20.19 or later (require of ES modules); this is ${process.version}.`);
    return 1;
  }
  if (!ensureBrowser({ headlessShell: true })) return 1;
  const results = [];
  for (const backend of backends) {
    if (!passHolds(backend, specs) || interrupted) continue;
    console.log(`\n=== e2e pass: ${backend} ===\n`);
    const started = Date.now();
    const { status, failures } = await runPass(backend, playwrightArgs).catch((error) => {
      // A missing emulator says how to get it (scripts/lib/firestore-emulator.mjs); the other pass still counts.
      const message = error instanceof Error ? error.message : String(error);
      console.error(message);
      return { status: 1, failures: [message] };
    });
    results.push({ backend, status, failures, seconds: (Date.now() - started) / 1000 });
  }
  if (results.length === 0) {
    console.error(`No pass holds ${specs.join(", ")} (tests/e2e/passes.json).`);
    return 1;
  }
  console.log("\ne2e passes (build included):");
  for (const r of results) {
    console.log(`  ${r.backend.padEnd(9)} ${r.status === 0 ? "passed" : `FAILED (${r.status})`}  ${minutes(r.seconds)}`);
    for (const failure of r.failures) console.log(`    ✘ ${failure}`);
  }
  if (interrupted) return 130;
  return results.some((r) => r.status !== 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
