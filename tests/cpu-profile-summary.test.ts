import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { originOf, summarizeProfile } from "../bench/lib/cpu-profile-summary.mjs";

// The bench's server profile (bench/server-profile.mjs) explains the home
// throughput miss with these sums: a wrong origin would blame the wrong code.
describe("CPU profile summary", () => {
  const cwd = "/repo";
  const frame = (url: string, functionName = "f") => ({ url, functionName });

  it("names Node's areas, packages, Next's parts and the build's chunks", () => {
    assert.equal(originOf(frame("node:_http_server"), { cwd }), "Node: http");
    assert.equal(originOf(frame("node:internal/streams/writable"), { cwd }), "Node: streams");
    assert.equal(originOf(frame("node:internal/stream_base_commons"), { cwd }), "Node: streams");
    assert.equal(originOf(frame("node:net"), { cwd }), "Node: net");
    assert.equal(originOf(frame("file:///repo/node_modules/next/dist/server/base-server.js"), { cwd }), "next: server");
    assert.equal(
      originOf(frame("file:///repo/node_modules/next/dist/compiled/react-dom/cjs/x.js"), { cwd }),
      "next (its bundled react-dom)",
    );
    assert.equal(originOf(frame("file:///repo/node_modules/@firebase/app/dist/index.js"), { cwd }), "@firebase/app");
    assert.equal(
      originOf(frame("file:///repo/.next-bench/server/chunks/ssr/x.js"), { cwd, buildDir: ".next-bench" }),
      "the build's server chunks (shop code and what it bundles)",
    );
    assert.equal(originOf(frame("", "(garbage collector)"), { cwd }), "(garbage collector)");
    assert.equal(originOf(frame("", "writev"), { cwd }), "native code (no script: V8 built-ins, Node's C++ bindings)");
  });

  it("charges each sample's time delta to the sampled frame's self time", () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("", "(root)") },
        { id: 2, callFrame: frame("", "(idle)") },
        { id: 3, callFrame: frame("node:_http_server", "emit") },
        { id: 4, callFrame: frame("file:///repo/node_modules/next/dist/server/base-server.js", "handle") },
        { id: 5, callFrame: frame("node:_http_outgoing", "write") },
      ],
      samples: [2, 3, 4, 4, 5, 2],
      timeDeltas: [1000, 500, 2000, 1500, 250, 3000],
    };
    const summary = summarizeProfile(profile, { cwd });
    assert.equal(summary.totalMs, 8.25);
    assert.equal(summary.idleMs, 4);
    assert.deepEqual(summary.origins, [
      { origin: "(idle)", ms: 4 },
      { origin: "next: server", ms: 3.5 },
      { origin: "Node: http", ms: 0.75 },
    ]);
    assert.deepEqual(summary.functions[1], { name: "handle", origin: "next: server", ms: 3.5 });
  });
});
