// Throughput and latency of shop pages (wrk, bench/lib/wrk.mjs), each
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

/** Serves `response` for every request, on BARE_PORT, from a process of its own. */
async function startBare(response) {
  const dir = mkdtempSync(join(tmpdir(), "bench-bare-"));
  const bodyFile = join(dir, "body");
  writeFileSync(bodyFile, response.body);
  const args = [BARE_SERVER, String(BARE_PORT), bodyFile, response.contentType ?? "application/octet-stream"];
  if (response.contentEncoding) args.push(response.contentEncoding);
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
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

/**
 * For each page, encoding and concurrency: the shop, then the bare server
 * with its bytes. Returns one row per (page, encoding, connections).
 */
export async function throughput(
  baseURL,
  pages,
  { concurrencies = [1, 64], encodings = Object.keys(ENCODINGS), seconds = 5, warmupSeconds = 1, log = console.log } = {},
) {
  ensureWrk(log);
  const rows = [];
  for (const { label, path } of pages) {
    const url = `${baseURL}${path}`;
    for (const encoding of encodings) {
      const headers = ENCODINGS[encoding];
      const response = await capture(url, headers);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
      for (const connections of concurrencies) {
        const shop = await measure(url, { connections, seconds, warmupSeconds, headers });
        const bare = await startBare(response);
        let reference;
        try {
          reference = await measure(bare.url, { connections, seconds, warmupSeconds, headers });
        } finally {
          await bare.close();
        }
        const row = {
          label,
          path,
          encoding,
          contentEncoding: response.contentEncoding ?? "none",
          bytes: response.body.length,
          connections,
          shop,
          bare: reference,
          ratio: shop.rps / reference.rps,
        };
        rows.push(row);
        log(
          `  ${label} ${encoding} c=${connections}: shop ${shop.rps.toFixed(0)} req/s p50 ${shop.p50} p99 ${shop.p99} p99.9 ${shop.p999} ms; ` +
            `bare ${reference.rps.toFixed(0)} req/s p99 ${reference.p99} ms; ratio ${row.ratio.toFixed(3)}`,
        );
      }
    }
  }
  return rows;
}
