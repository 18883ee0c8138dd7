// Issue 38, item 16: what a stranger's made-up paths leave behind on a
// self-hosted shop. One SQLite shop (bench/lib/server.mjs, its limits x1000:
// this measures what the shop keeps, not its refusals) is sent `paths`
// unique paths from one client, `CONCURRENCY` at a time, in four kinds of
// equal share: searches that find something (one query's words, each time
// in a case never asked before: each is a page of its own), searches that
// find nothing (made-up words), made-up product ids, and made-up product ids
// asked as router prefetches. Before, every few thousand of them, and after:
// the bytes of the build folder and the data folder on disk (all the shop
// writes), and the resident memory of the shop's server process as it is and
// after a full collection (what the process keeps, apart from garbage V8 has
// yet to collect: bench/counting/preload.mjs collects it from outside).
// bench/report-stranger-paths.mjs turns the result into §13.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { readCounts, readShopMemoryAfterCollection } from "./lib/counts.mjs";
import { startShop } from "./lib/server.mjs";

export const KINDS = ["search, found", "search, nothing found", "made-up product id", "made-up product id, as a prefetch"];
const CONCURRENCY = 8;
const SAMPLES = 10;
/** The words of one product's details: a search of them finds it (and others); their case makes each query new. */
const FOUND_WORDS = "noise cancelling headphones battery";

/** Bytes of every file under `dir`. */
export function dirBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(path) : statSync(path).size;
  }
  return total;
}

/** The `n`th query of FOUND_WORDS in a case of its own (n in binary over its letters). */
function foundQuery(n) {
  let bit = 0;
  return [...FOUND_WORDS].map((c) => (/[a-z]/.test(c) && (n >> bit++) & 1 ? c.toUpperCase() : c)).join("");
}

/** The `i`th path to send and its kind. */
export function strangerPath(i) {
  const n = Math.floor(i / KINDS.length);
  const kind = KINDS[i % KINDS.length];
  if (kind === "search, found") return { kind, path: `/search?q=${encodeURIComponent(foundQuery(n + 1))}` };
  if (kind === "search, nothing found") return { kind, path: `/search?q=zq${n.toString(36)}xv` };
  return { kind, path: `/details-page/made-up-${n.toString(36)}-${kind.length}`, prefetch: kind.endsWith("prefetch") };
}

/** Resident memory of the process `pid`, in bytes. */
function rssOf(pid) {
  const kB = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
  if (!(kB > 0)) throw new Error(`no VmRSS for process ${pid}`);
  return kB * 1024;
}

function get(agent, port, { path, prefetch }) {
  return new Promise((resolve) => {
    const headers = prefetch ? { "next-router-prefetch": "1" } : {};
    const outgoing = request({ host: "127.0.0.1", port, path, agent, headers }, (incoming) => {
      incoming.resume();
      incoming.on("end", () => resolve(incoming.statusCode ?? 0));
      incoming.on("error", () => resolve(0));
    });
    outgoing.on("error", () => resolve(0));
    outgoing.end();
  });
}

/** Sends paths [from, to) with CONCURRENCY in flight; counts each answer's status by kind. */
async function send(port, from, to, statuses) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = from;
  const worker = async () => {
    while (next < to) {
      const one = strangerPath(next++);
      const status = await get(agent, port, one);
      const byKind = (statuses[one.kind] ??= {});
      byKind[status] = (byKind[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
}

/**
 * The heap docs/DEPLOY.md gives a self-hosted instance of 640 MB (`NODE_OPTIONS=--max-old-space-size=384`).
 * Without it V8 sizes its heap from the machine's memory (4 GiB here) and lets garbage fill much of it.
 */
export const SELF_HOSTED_HEAP_MB = 384;

/** One run on a fresh shop; `heapMb` null leaves V8's heap as Node sizes it. */
export async function strangerPathsRun({ port, authPort, distDir, paths = 10_000, heapMb = null }) {
  const nodeOptions = heapMb === null ? undefined : `--max-old-space-size=${heapMb}`;
  const shop = await startShop({ port, authPort, distDir, countReads: true, nodeOptions });
  try {
    const { pid } = await readCounts(shop.baseURL);
    const measure = async (sent) => {
      const sample = { sent, buildBytes: dirBytes(distDir), dataBytes: dirBytes(shop.dataDir), rss: rssOf(pid) };
      const { rss, heapUsed, external } = await readShopMemoryAfterCollection(shop.baseURL);
      return { ...sample, kept: { rss, heapUsed, external } };
    };
    // Warm: the pages a shopper opens first, so the start is a shop that has served.
    for (const path of ["/", "/electronics", "/search?q=lamp", "/details-page/aurora-anc-headphones"])
      await get(new Agent(), port, { path });
    const samples = [await measure(0)];
    const statuses = {};
    const started = performance.now();
    for (let s = 1; s <= SAMPLES; s += 1) {
      await send(port, Math.round(((s - 1) * paths) / SAMPLES), Math.round((s * paths) / SAMPLES), statuses);
      samples.push(await measure(Math.round((s * paths) / SAMPLES)));
    }
    return { paths, heapMb, concurrency: CONCURRENCY, seconds: (performance.now() - started) / 1000, samples, statuses };
  } finally {
    await shop.stop();
  }
}
