import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(process.cwd(), "package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  overrides?: Record<string, unknown>;
};

// Next's compiler ships as one native package per platform; a lock written on
// one machine must still carry the others, or `npm ci` elsewhere has no SWC.
const PLATFORMS = [
  "darwin-arm64",
  "darwin-x64",
  "linux-arm64-gnu",
  "linux-arm64-musl",
  "linux-x64-gnu",
  "linux-x64-musl",
  "win32-arm64-msvc",
  "win32-x64-msvc",
] as const;

const nextVersion = lock.packages["node_modules/next"]?.version;

describe("package-lock.json", () => {
  it("is a v3 lock that records next with an exact version", () => {
    assert.equal(lock.lockfileVersion, 3);
    assert.match(nextVersion ?? "", /^\d+\.\d+\.\d+$/);
  });

  it("pins next in package.json (and the lock's root) to exactly the locked version", () => {
    assert.equal(manifest.dependencies.next, nextVersion);
    assert.equal(lock.packages[""]?.dependencies?.next, nextVersion);
  });

  for (const platform of PLATFORMS) {
    const name = `@next/swc-${platform}`;
    it(`records ${name} at next's version, with an integrity hash`, () => {
      const entry = lock.packages[`node_modules/${name}`];
      assert.ok(entry, `${name} is missing from the lock`);
      assert.equal(entry.version, nextVersion);
      assert.match(entry.integrity ?? "", /^sha512-[A-Za-z0-9+/]{86}==$/);
      assert.equal(lock.packages["node_modules/next"].optionalDependencies?.[name], nextVersion, `next lists ${name}`);
    });
  }

  // npm ci refuses a lock that lacks any platform's optional binary (this is
  // how unrs-resolver 1.13, whose macOS/Windows builds are not published here,
  // once broke it): every optional dependency must be locked somewhere on the
  // node_modules path it would resolve from.
  it("locks every optional dependency of every package, for every platform", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolutionPath(path, dep).some((candidate) => candidate in lock.packages)) {
          missing.push(`${path || "(root)"} -> ${dep}`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  // A dependency declared by dist-tag ("latest") is checked against the
  // registry's tag by npm ci: the day the tag moves, the lock is "out of
  // sync" and every install fails (lighthouse's trace engine asks for
  // third-party-web@latest; 0.30.0 appeared after the lock was written).
  // Such dependencies must be pinned by an override in package.json.
  it("has no dependency declared by a dist-tag that package.json does not pin by override", () => {
    const unpinned: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const [dep, spec] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
        if (/^[a-z][\w.-]*$/i.test(spec) && typeof manifest.overrides?.[dep] !== "string") {
          unpinned.push(`${path || "(root)"} -> ${dep}@${spec}`);
        }
      }
    }
    assert.deepEqual(unpinned, []);
  });
});

/** Where Node would look for `dep` from the package at `path`, nearest first. */
function resolutionPath(path: string, dep: string): string[] {
  const candidates: string[] = [];
  let base = path;
  for (;;) {
    candidates.push(base ? `${base}/node_modules/${dep}` : `node_modules/${dep}`);
    if (!base) return candidates;
    const nested = base.lastIndexOf("/node_modules/");
    base = nested === -1 ? "" : base.slice(0, nested);
  }
}
