// Sums a V8 CPU profile (the inspector's Profiler.stop result, the format of
// a .cpuprofile file) by where the code comes from: Node's own modules, each
// npm package (Next's server and the libraries Next bundles apart), the
// build's server chunks, and V8's pseudo-frames: (idle) is the event loop
// waiting, (garbage collector) GC, (program) V8 and native work outside any
// script. Self time only, so every sampled millisecond is counted once.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The origin of the build's server chunks: the shop's own code and the packages bundled into it. */
const SHOP_CHUNKS = "the build's server chunks (shop code and what it bundles)";

const PSEUDO = new Set(["(idle)", "(garbage collector)", "(program)", "(root)"]);

/** Node's own module of a `node:` URL, by area: "Node: http", "Node: streams"... */
function nodeArea(url) {
  const name = url.replace(/^node:(internal\/)?/, "");
  const first = name.split("/")[0];
  if (first.startsWith("_http") || first === "http") return "Node: http";
  if (first.startsWith("_stream") || first.startsWith("stream")) return "Node: streams";
  return `Node: ${first}`;
}

/** The npm package of a path inside node_modules, Next split into its server and what it bundles. */
function packageArea(path) {
  const inside = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length).split("/");
  const name = inside[0].startsWith("@") ? `${inside[0]}/${inside[1]}` : inside[0];
  if (name !== "next") return name;
  // next/dist/compiled/<package>/... is a library Next ships inside itself (React among them).
  if (inside[1] === "dist" && inside[2] === "compiled") return `next (its bundled ${inside[3]})`;
  if (inside[1] === "dist") return `next: ${inside[2]}`;
  return "next";
}

/**
 * Where a frame's code lives. `buildDir` names the build folder, whose
 * server chunks hold the shop's own code and the packages bundled into it.
 */
export function originOf({ url, functionName }, { buildDir = ".next", cwd = process.cwd() } = {}) {
  if (!url) return PSEUDO.has(functionName) ? functionName : "native code (no script: V8 built-ins, Node's C++ bindings)";
  if (url.startsWith("node:")) return nodeArea(url);
  const path = url.startsWith("file://") ? relative(cwd, fileURLToPath(url)) : url;
  if (path.includes("node_modules/")) return packageArea(path);
  if (path.startsWith(`${buildDir}/`)) return SHOP_CHUNKS;
  return path;
}

/**
 * Self time per origin and per function (ms), the window's length, and
 * how much of it was idle. Sample time is V8's: each sample's timeDelta is
 * the time since the previous one, charged to the sampled frame.
 */
export function summarizeProfile(profile, options = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byOrigin = new Map();
  const byFunction = new Map();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    const origin = originOf(callFrame, options);
    totalUs += us;
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + us);
    const key = `${callFrame.functionName || "(anonymous)"}\u0000${origin}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const ms = (us) => us / 1000;
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: ms(totalUs),
    idleMs: ms(byOrigin.get("(idle)") ?? 0),
    origins: sorted(byOrigin).map(([origin, us]) => ({ origin, ms: ms(us) })),
    functions: sorted(byFunction).map(([key, us]) => {
      const [name, origin] = key.split("\u0000");
      return { name, origin, ms: ms(us) };
    }),
  };
}
