// npm run test:vercel: the Vercel build, made here and inspected.
//
// Runs the Vercel CLI's own `vercel build` (offline, from a hand-written
// .vercel/project.json) on a copy of this working tree, against a Firestore
// emulator seeded with the demo catalogue, since `next build` prerenders from
// the store. lib/env.ts refuses emulators on Vercel; the one exception is
// STOREFRONT_BUILD_CHECK=1, which it honours only during a build outside
// Vercel's own builders, with loopback emulators and demo- projects
// (buildCheckApplies, lib/env-production.ts), so no deployment can ever run with it.
//
// Then it reads .vercel/output and fails (exit 1) when a function is over
// Vercel's 250 MB limit, carries better-sqlite3 (Firestore is the backend on
// Vercel; SQLite cannot run there), or when the event stream has no
// maxDuration; it prints every bundle's size, runtime and time limit and every
// route's kind either way. It also fails when a variant of the shop's own
// images that pages offer (lib/images/variants.json, made by `npm run build`)
// is missing from the deployment's static files: they are not in git.
//
// The CLI is installed on first use into ~/.cache/storefront (cli.mjs).
// Options: --keep leaves the copy (its path is printed) for a closer look.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { startFirestoreEmulator } from "../lib/firestore-emulator.mjs";
import { VERCEL_CLI_VERSION, vercelCli } from "./cli.mjs";
import { FUNCTION_SIZE_LIMIT_BYTES, inspectVercelOutput } from "./inspect-output.mjs";

const PROJECT_ID = "demo-build-check";
const keep = process.argv.includes("--keep");

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal})`);
  return result;
}

/** A copy of the working tree (tracked and new files, not ignored ones) with node_modules hard-linked. */
function copyOfTree() {
  const copy = mkdtempSync(join(tmpdir(), "storefront-vercel-"));
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  if (listed.status !== 0) throw new Error("git ls-files failed: run this from the repository");
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    if (!existsSync(file)) continue; // deleted in the working tree
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(file, join(copy, file));
  }
  // Hard links: instant and no extra space on one file system; a real copy otherwise.
  const linked = spawnSync("cp", ["-al", "node_modules", join(copy, "node_modules")]);
  if (linked.status !== 0) run("cp", ["-a", "node_modules", join(copy, "node_modules")]);
  // What `vercel link` would write; with it (and no token) `vercel build` runs offline.
  mkdirSync(join(copy, ".vercel"));
  writeFileSync(
    join(copy, ".vercel", "project.json"),
    JSON.stringify({
      projectId: "prj_storefront_build_check",
      orgId: "team_storefront_build_check",
      // installCommand "": the copy has node_modules already (hard links: an install could write through them).
      settings: {
        framework: "nextjs",
        devCommand: null,
        installCommand: "",
        buildCommand: null,
        outputDirectory: null,
        rootDirectory: null,
      },
    }),
  );
  return copy;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function report({ bundles, routes, staticFiles }) {
  console.log(`\nFunction bundles (${bundles.length}; Vercel's limit is ${mb(FUNCTION_SIZE_LIMIT_BYTES)} each):`);
  for (const b of bundles) {
    const limit = b.maxDuration ? `maxDuration ${b.maxDuration} s` : "default duration";
    console.log(
      `  ${b.id.padEnd(28)} ${b.kind.padEnd(6)} ${b.runtime.padEnd(11)} ${mb(b.bytes).padStart(9)}  ${limit}; ${b.routes.length} route entries`,
    );
  }
  console.log(`\nRoutes (${routes.length}), by kind:`);
  for (const r of routes) console.log(`  ${r.route.padEnd(48)} ${r.kind.padEnd(18)} bundle ${r.bundle}`);
  console.log(`\nStatic files: ${staticFiles}`);
}

function problems({ bundles, routes }) {
  const found = [];
  for (const b of bundles) {
    if (b.bytes >= FUNCTION_SIZE_LIMIT_BYTES) found.push(`${b.id} is ${mb(b.bytes)}, over Vercel's ${mb(FUNCTION_SIZE_LIMIT_BYTES)}`);
    const sqlite = b.files.filter((f) => f.includes("better-sqlite3"));
    if (sqlite.length > 0)
      found.push(`${b.id} carries better-sqlite3 (${sqlite.length} files, e.g. ${sqlite[0]}), which cannot run on Vercel`);
    if (!b.runtime.startsWith("nodejs")) found.push(`${b.id} runs on ${b.runtime}, not Node.js`);
  }
  // The event streams: the shop's and the order desk's.
  for (const path of ["/api/events", "/api/admin/order-events"]) {
    const stream = routes.find((r) => r.route === path);
    const streamBundle = bundles.find((b) => b.id === stream?.bundle);
    if (!stream) found.push(`no function for ${path}`);
    else if (!streamBundle?.maxDuration) found.push(`${path} has no maxDuration: Vercel cuts the event stream at its default`);
  }
  return found;
}

/** Each image variant a page may offer (lib/images/variants.ts) that the deployment's static files lack. */
function missingImageVariants(copy) {
  const config = JSON.parse(readFileSync(join(copy, "lib/images/variants.json"), "utf8"));
  const staticDir = join(copy, ".vercel", "output", "static");
  const missing = [];
  for (const [folder, { variantWidths }] of Object.entries(config.sources)) {
    for (const name of readdirSync(join(copy, "public", folder)).filter((n) => n.endsWith(".webp"))) {
      for (const width of variantWidths) {
        const path = `${config.folder}/${width}/${folder}/${name}`;
        if (!existsSync(join(staticDir, path))) missing.push(path);
      }
    }
  }
  return missing;
}

async function main() {
  const cli = vercelCli();
  const copy = copyOfTree();
  console.log(`Working copy: ${copy}`);
  const emulator = await startFirestoreEmulator({ shortLived: true });
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NEXT_TELEMETRY_DISABLED: "1",
      STORE_BACKEND: "firestore",
      FIRESTORE_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT_ID,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
      SITE_URL: "https://build-check.example.com",
      // The copy is removed after the check: a Turbopack build cache written into it would never be read (next.config.ts).
      STOREFRONT_BUILD_CACHE: "off",
      // npm test sets it: its lint job type-checks the same sources (scripts/test-all.mjs), so Next's own
      // TypeScript pass (about 100 CPU-seconds) is skipped here. Run alone, the check type-checks as Vercel does.
      ...(process.env.STOREFRONT_SOURCES_TYPECHECKED === "1" && { STOREFRONT_SOURCES_TYPECHECKED: "1" }),
    };
    console.log(`Seeding the demo catalogue into the Firestore emulator at ${emulator.host}...`);
    run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { cwd: copy, env });
    console.log(`Running vercel build (CLI ${VERCEL_CLI_VERSION})...`);
    run(cli, ["build", "--yes"], { cwd: copy, env: { ...env, STOREFRONT_BUILD_CHECK: "1" } });

    const output = inspectVercelOutput(join(copy, ".vercel", "output"), copy);
    report(output);
    const found = problems(output);
    const missing = missingImageVariants(copy);
    console.log(`\nImage variants missing from the static files: ${missing.length}`);
    if (missing.length > 0)
      found.push(`${missing.length} image variants pages offer are not deployed (e.g. /${missing[0]}): the build did not make them`);
    if (found.length > 0) {
      console.error(`\nThe Vercel build check failed:\n${found.map((p) => `  - ${p}`).join("\n")}`);
      process.exitCode = 1;
    } else {
      console.log(
        "\nThe Vercel build check passed: every bundle is within the size limit, none carries better-sqlite3, the event stream has its maxDuration, every image variant is deployed.",
      );
    }
  } finally {
    await emulator.stop();
    if (keep) console.log(`Kept ${copy}`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
