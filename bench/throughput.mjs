// Throughput and latency of shop pages (wrk, bench/lib/wrk.mjs; at 64
// connections also ab, bench/lib/ab.mjs, whose latencies are checked
// against wrk's with Little's law), each
// followed at once by a bare Node http server, in a process of its own,
// answering the very bytes and headers the shop sent for that URL, with the
// same client settings: the most this machine and client can do for that
// response, so shop ÷ bare says how much of it the shop reaches. The bare
// server's own rate is reported too: it shows the client is not what caps
// the figures (wrk reaches above 10,000 req/s here; autocannon, used before,
// capped near 1,200 and so made every ratio look ten times better).
//
// Each page is measured twice: as a plain client asks (no Accept-Encoding:
// the uncompressed bytes) and as browsers ask (Accept-Encoding: gzip, br).
// Next's server compresses (gzip only) when asked; on Vercel the CDN does,
// and `next start` never sees those requests.
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureAb, measureAb } from "./lib/ab.mjs";
import { withAcceptQueue } from "./lib/accept-queue.mjs";
import { littlesLaw } from "./lib/stats.mjs";
import { withTcpCounters } from "./lib/tcp-counters.mjs";
import { ensureWrk, measure } from "./lib/wrk.mjs";

export { measure };

const BARE_PORT = 3701;
const BARE_SERVER = fileURLToPath(new URL("./lib/bare-server.mjs", import.meta.url));

/** The request headers of each encoding measured. */
export const ENCODINGS = {
  identity: {},
  browser: { "accept-encoding": "gzip, br" },
};

/** One GET with `headers`: status, content-type, content-encoding and the raw (still compressed) body. */
function capture(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            contentType: res.headers["content-type"],
            contentEncoding: res.headers["content-encoding"],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

/** Serves `response` for every request, on BARE_PORT, from a process of its own (spinning `busyMs` per request first). */
async function startBare(response, { busyMs = 0 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "bench-bare-"));
  const bodyFile = join(dir, "body");
  writeFileSync(bodyFile, response.body);
  const args = [BARE_SERVER, String(BARE_PORT), bodyFile, response.contentType ?? "application/octet-stream"];
  if (response.contentEncoding) args.push(response.contentEncoding);
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BARE_BUSY_MS: String(busyMs) },
  });
  await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code}) before it was ready`)));
    child.stdout.once("data", resolve);
  });
  return {
    url: `http://127.0.0.1:${BARE_PORT}/`,
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }).finally(() => rmSync(dir, { recursive: true, force: true })),
  };
}

/** `work` against the bare server serving `response` (with `busyMs` of CPU per request), stopped afterwards. */
async function onBare(response, busyMs, work) {
  const bare = await startBare(response, { busyMs });
  try {
    return await work(bare.url);
  } finally {
    await bare.close();
  }
}

/** The second generator (ab) on the shop, counting the TCP events that make a tail. */
const abOnShop = (url, settings) => withTcpCounters(() => measureAb(url, settings));
const wrkOnShop = (url, settings) => withTcpCounters(() => measure(url, settings));

/**
 * For each page, encoding and concurrency: the shop, then the bare server
 * with its bytes, with wrk; at 64 connections also with ab (both). Home's
 * plain page at 64 connections runs three times (the "each of three
 * runs"), and once more against a bare server made as slow as the shop was,
 * to show which of wrk's figures are the client's. One row per (page,
 * encoding, connections).
 */
export async function throughput(
  baseURL,
  pages,
  { concurrencies = [1, 64], encodings = Object.keys(ENCODINGS), seconds = 5, warmupSeconds = 1, log = console.log } = {},
) {
  ensureWrk(log);
  ensureAb(log);
  const rows = [];
  for (const { label, path } of pages) {
    const url = `${baseURL}${path}`;
    for (const encoding of encodings) {
      const headers = ENCODINGS[encoding];
      const response = await capture(url, headers);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
      for (const connections of concurrencies) {
        const settings = { connections, seconds, warmupSeconds, headers };
        const withAb = connections >= 64;
        const shop = await wrkOnShop(url, settings);
        const shopAb = withAb ? await abOnShop(url, settings) : null;
        const { bare, bareAb } = await onBare(response, 0, async (bareUrl) => ({
          bare: await measure(bareUrl, settings),
          bareAb: withAb ? await measureAb(bareUrl, settings) : null,
        }));
        const row = {
          label,
          path,
          encoding,
          contentEncoding: response.contentEncoding ?? "none",
          bytes: response.body.length,
          connections,
          shop,
          shopAb,
          bare,
          bareAb,
          ratio: shop.rps / bare.rps,
        };
        if (label === "home" && encoding === "identity" && withAb) {
          row.runs = [{ wrk: shop, ab: shopAb }];
          for (let run = 2; run <= 3; run++) row.runs.push({ wrk: await wrkOnShop(url, settings), ab: await abOnShop(url, settings) });
          // A bare server spending the shop's own time per request (one core
          // saturated: 1 / its rate) on the same bytes.
          const busyMs = 1000 / shop.rps;
          // ab too, with the kernel's accept queue watched: a server with
          // no Next.js in it, as slow as the shop, shows whether ab's tail
          // is the shop's (docs/BENCHMARKS.md, "Where home's time goes").
          row.slowBare = {
            busyMs,
            ...(await onBare(response, busyMs, async (bareUrl) => ({
              wrk: await measure(bareUrl, settings),
              ab: await withAcceptQueue(BARE_PORT, () => measureAb(bareUrl, settings)),
            }))),
          };
        }
        rows.push(row);
        log(
          `  ${label} ${encoding} c=${connections}: shop ${shop.rps.toFixed(0)} req/s p50 ${shop.p50} p99 ${shop.p99} p99.9 ${shop.p999} ms (L ${littlesLaw(shop).toFixed(2)}); ` +
            `bare ${bare.rps.toFixed(0)} req/s p99 ${bare.p99} ms; ratio ${row.ratio.toFixed(3)}` +
            (shopAb
              ? `; ab: shop ${shopAb.rps.toFixed(0)} req/s p99 ${shopAb.p99} p99.9 ${shopAb.p999} ms, bare ${bareAb.rps.toFixed(0)} req/s`
              : ""),
        );
      }
    }
  }
  return rows;
}
