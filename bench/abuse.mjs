// Issue 25, item 8: one client at 10 × the search limit beside 20 shoppers
// who stay within every limit. One SQLite shop at the real limits
// (RATE_LIMIT_FACTOR 1, lib/security/rate-limit.ts), each client from a
// loopback address of its own (the limits are keyed by the socket's address,
// lib/security/client-address.ts; as tests/e2e/helpers/from-address.ts
// does): shoppers 127.0.1.1-20, the abuser 127.0.2.1, the warm-up 127.0.3.x.
// Two windows of `seconds` each, the same shoppers in both (each replays one
// seeded sequence of actions): without the abuser, then with it. Each
// shopper's request is timed until its whole answer arrived (a live stream:
// until its headers did) and succeeds on a 2xx or 3xx; a 429, a 5xx or an
// error is a failure. bench/report-abuse.mjs turns the result into §8.
import { Agent, request } from "node:http";
import { readFileSync } from "node:fs";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { startShop } from "./lib/server.mjs";
import { percentile } from "./lib/stats.mjs";

export const SHOPPERS = 20;
/** The search limit per client (RATE_LIMITS.searches) and the abuser's rate: 10 × it. */
export const SEARCH_LIMIT_PER_MINUTE = 60;
export const ABUSER_PER_SECOND = (10 * SEARCH_LIMIT_PER_MINUTE) / 60;
/** A shopper's pace: an action every 1.5-2.5 s, a search at most every 3 s, a live stream now and then. */
export const PACE = { everyMs: [1500, 2500], searchShare: 0.25, searchGapMs: 3000, streamShare: 0.08, streamHoldMs: [1000, 3000] };
const TIMEOUT_MS = 30_000;
const shopperAddress = (i) => `127.0.1.${i + 1}`;
const ABUSER_ADDRESS = "127.0.2.1";
const WARMUP_ADDRESS = "127.0.3.1";

const demo = JSON.parse(readFileSync("data/demo-products.json", "utf8"));
const PAGES = ["/", "/electronics", ...demo.map((p) => `/details-page/${p.id}`)];
/** Words a shopper searches for: 20 distinct words of 4+ letters from the demo catalogue's names. */
const WORDS = [...new Set(demo.flatMap((p) => p.name.toLowerCase().match(/[a-z]{4,}/g) ?? []))].slice(0, 20);

/** A small seeded generator (mulberry32), so a shopper does the same things in both windows. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (rng, [low, high]) => low + rng() * (high - low);
const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/** One client: its own address and keep-alive connections, as a browser keeps them. */
function client(port, address) {
  const agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress: address });
  /**
   * GETs `path`; resolves with { status, ms, error? } once the whole answer
   * arrived, or for `stream` once its headers did, with `close()` to hang up.
   */
  function get(path, { stream = false } = {}) {
    const started = performance.now();
    return new Promise((resolve) => {
      const outgoing = request(
        {
          host: "127.0.0.1",
          port,
          path,
          agent,
          localAddress: address,
          headers: stream ? { accept: "text/event-stream" } : {},
          timeout: TIMEOUT_MS,
        },
        (incoming) => {
          const status = incoming.statusCode ?? 0;
          incoming.on("error", () => {});
          if (stream) {
            incoming.resume();
            resolve({ status, ms: performance.now() - started, close: () => outgoing.destroy() });
            return;
          }
          incoming.resume();
          incoming.on("end", () => resolve({ status, ms: performance.now() - started }));
          incoming.on("aborted", () => resolve({ status: 0, ms: performance.now() - started, error: "aborted" }));
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
      outgoing.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, error: error.code ?? error.message }));
      outgoing.end();
    });
  }
  return { get, close: () => agent.destroy() };
}

const succeeded = (status) => status >= 200 && status < 400;

/** One shopper until `until` (performance.now()); pushes each request's record to `records`. */
async function shopper(i, port, phaseStart, until, records) {
  const rng = seeded(i + 1);
  const { get, close } = client(port, shopperAddress(i));
  const holding = [];
  let lastSearch = -Infinity;
  let next = phaseStart + rng() * PACE.everyMs[1];
  while (true) {
    await sleep(Math.max(0, next - performance.now()));
    const at = performance.now();
    if (at >= until) break;
    const roll = rng();
    let kind = "page";
    let path = pick(rng, PAGES);
    if (roll < PACE.searchShare && at - lastSearch >= PACE.searchGapMs) {
      kind = "search";
      path = `/search?q=${encodeURIComponent(pick(rng, WORDS))}`;
      lastSearch = at;
    } else if (roll > 1 - PACE.streamShare) {
      kind = "stream";
      path = "/api/events";
    }
    const answer = await get(path, { stream: kind === "stream" });
    records.push({
      shopper: i,
      kind,
      status: answer.status,
      ms: answer.ms,
      at: at - phaseStart,
      ...(answer.error && { error: answer.error }),
    });
    // A tab holds its stream while its shopper goes on browsing.
    if (answer.close) holding.push(sleep(between(rng, PACE.streamHoldMs)).then(answer.close));
    next += between(rng, PACE.everyMs);
  }
  await Promise.all(holding);
  close();
}

/** The abuser until `until`: a search with a query of its own every 1/ABUSER_PER_SECOND s, not waiting for answers. */
async function abuser(port, phaseStart, until) {
  const { get, close } = client(port, ABUSER_ADDRESS);
  const answers = [];
  const gap = 1000 / ABUSER_PER_SECOND;
  for (let n = 0; phaseStart + n * gap < until; n += 1) {
    await sleep(Math.max(0, phaseStart + n * gap - performance.now()));
    const at = performance.now() - phaseStart;
    const query = `${WORDS[n % WORDS.length]} ${n}`;
    answers.push(get(`/search?q=${encodeURIComponent(query)}`).then((a) => ({ ...a, at })));
  }
  const all = await Promise.all(answers);
  close();
  const byStatus = {};
  for (const a of all) byStatus[a.error ?? a.status] = (byStatus[a.error ?? a.status] ?? 0) + 1;
  const accepted = all.filter((a) => succeeded(a.status));
  const refused = all.filter((a) => a.status === 429);
  return {
    sent: all.length,
    accepted: accepted.length,
    refused429: refused.length,
    byStatus,
    firstRefusedAt: refused.length ? Math.round(Math.min(...refused.map((a) => a.at))) : null,
    // When the last search it was let through had been answered: the end of the work the limit allowed it.
    lastAcceptedAnsweredAt: accepted.length ? Math.round(Math.max(...accepted.map((a) => a.at + a.ms))) : null,
    acceptedMs: latencies(accepted),
    refusedMs: latencies(refused),
  };
}

/** p50/p95/p99/max of some requests' latencies, whole ms. */
function latencies(records) {
  const sorted = records.map((r) => r.ms).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (p) => Math.round(percentile(sorted, p));
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: Math.round(sorted.at(-1)) };
}

/** What the shoppers saw in one window. */
function summary(records) {
  const ok = records.filter((r) => succeeded(r.status));
  const failures = {};
  for (const r of records.filter((r) => !succeeded(r.status))) {
    const key = r.error ? `${r.kind} ${r.error}` : `${r.kind} ${r.status}`;
    failures[key] = (failures[key] ?? 0) + 1;
  }
  const byKind = {};
  for (const kind of ["page", "search", "stream"]) {
    const mine = records.filter((r) => r.kind === kind);
    byKind[kind] = { requests: mine.length, failed: mine.filter((r) => !succeeded(r.status)).length, ...latencies(mine) };
  }
  return { requests: records.length, succeeded: ok.length, failures, all: latencies(records), byKind };
}

/** One window of `seconds`: the shoppers, and the abuser beside them when `withAbuser`. */
async function measureWindow(port, seconds, withAbuser) {
  const loadavg = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
  const phaseStart = performance.now();
  const until = phaseStart + seconds * 1000;
  const records = [];
  const [abuse] = await Promise.all([
    withAbuser ? abuser(port, phaseStart, until) : null,
    ...Array.from({ length: SHOPPERS }, (_, i) => shopper(i, port, phaseStart, until, records)),
  ]);
  const result = { loadavg, ...summary(records) };
  if (abuse) {
    result.abuser = abuse;
    // The shoppers' requests while the abuser's searches were still let through, and after;
    // and those started once the last one let through had been answered (its renders done).
    const cut = abuse.firstRefusedAt ?? Infinity;
    result.whileAccepted = latencies(records.filter((r) => r.at < cut));
    result.afterRefused = latencies(records.filter((r) => r.at >= cut));
    result.afterAcceptedAnswered = latencies(records.filter((r) => r.at >= (abuse.lastAcceptedAnsweredAt ?? Infinity)));
  }
  return result;
}

/**
 * Every page once and every shopper's search word twice (a search's page is
 * stored on its second request), each word from an address of its own so the
 * warm-up stays within the search limit.
 */
async function warmUp(port) {
  const warm = async (address, paths) => {
    const { get, close } = client(port, address);
    for (const path of paths) {
      const answer = await get(path);
      if (!succeeded(answer.status)) throw new Error(`warm-up: ${path} answered ${answer.error ?? answer.status}`);
    }
    return { get, close };
  };
  const { get, close } = await warm(WARMUP_ADDRESS, PAGES);
  const stream = await get("/api/events", { stream: true });
  stream.close?.();
  close();
  for (const [i, word] of WORDS.entries()) (await warm(`127.0.3.${i + 2}`, [`/search?q=${word}`, `/search?q=${word}`])).close();
}

/**
 * Starts a shop on `port` at the real limits and measures both windows.
 * Resolves with { built, startSeconds, seconds, shoppers, pace, without, with }.
 */
export async function abuseRun({ port, authPort, distDir, seconds = 20 }) {
  const shop = await startShop({ port, authPort, distDir, env: { RATE_LIMIT_FACTOR: "1" } });
  try {
    const shopPort = Number(new URL(shop.baseURL).port);
    await warmUp(shopPort);
    await sleep(2000);
    const without = await measureWindow(shopPort, seconds, false);
    await sleep(2000);
    const withAbuser = await measureWindow(shopPort, seconds, true);
    return {
      built: shop.built,
      startSeconds: shop.startSeconds,
      seconds,
      shoppers: SHOPPERS,
      pace: PACE,
      words: WORDS.length,
      pages: PAGES.length,
      abuserPerSecond: ABUSER_PER_SECOND,
      searchLimitPerMinute: SEARCH_LIMIT_PER_MINUTE,
      without,
      with: withAbuser,
    };
  } finally {
    await shop.stop();
  }
}
