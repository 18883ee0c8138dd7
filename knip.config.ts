// knip (part of `npm run lint`): no unused file, export, type or dependency,
// and every package the code imports is declared in package.json.
// Knip's Next, ESLint, Playwright and TypeScript plugins find the routes,
// eslint.config.mjs, the specs and tsconfig.json; the entries below are the
// files something starts by path, which no import reaches.
const config = {
  entry: [
    // Next: the cache handlers next.config.ts names by path (knip's Next
    // plugin finds the proxy, instrumentation and the Vercel alias).
    "cache-handlers/use-cache.mjs",
    "cache-handlers/route-cache.mjs",
    // Commands: package.json's scripts and the image generator.
    "scripts/*.{ts,mjs}",
    "scripts/images/render.mjs",
    // The bench: each bench/*.mjs runs alone; these start in other processes
    // (node --import, or a child process given the file's path).
    "bench/*.{mjs,mts}",
    "bench/counting/preload.mjs",
    "bench/lib/{bare-server,server-probe}.mjs",
    // Tests: scripts/unit-tests.mjs runs every tests/**/*.test.ts; these
    // helpers run in child processes the tests start by path.
    "tests/**/*.test.ts",
    "tests/e2e/*.spec.ts",
    "tests/helpers/{crash-writer,unreachable-firestore-probe}.ts",
    "tests/e2e/helpers/suite-store-process.ts",
  ],
  // A contract type used by the contract's own interfaces (a method's result, say) is part of what
  // every adapter implements, even when no other file names it.
  ignoreExportsUsedInFile: { interface: true, type: true },
  // The Firebase Auth emulator runs from node_modules/.bin/firebase
  // (scripts/lib/auth-emulator.mjs), a path knip does not read as a package.
  ignoreDependencies: ["firebase-tools"],
  // System programs the scripts and tests start, not npm's: the bench's load
  // generators and the Java runtime of vnu-jar's HTML checker (installed with
  // apt), and mount/umount (the checkout's full-disk test's tmpfs).
  ignoreBinaries: ["wrk", "ab", "java", "mount", "umount"],
};

export default config;
