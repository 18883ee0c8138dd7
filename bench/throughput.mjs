// Throughput and latency of shop pages (autocannon), each followed at once by
// a bare Node http server answering the very bytes and content-type the shop
// sent for that URL, with the same client settings: the physical limit of
// this machine and client for that response, so shop ÷ bare says how much of
// it the shop reaches.
import http from "node:http";
import autocannon from "autocannon";

const BARE_PORT = 3701;

/** One GET as autocannon sends it (no Accept-Encoding): status, content-type and the raw body. */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, contentType: res.headers["content-type"], body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

function assertLocal(url) {
  const { hostname } = new URL(url);
  if (!["localhost", "127.0.0.1", "[::1]"].includes(hostname)) {
    throw new Error(`refusing to load ${hostname}: benchmarks only target this machine`);
  }
}

/** Closed-loop keep-alive load for `seconds` after a warm-up; rps, p50, p99 (ms), non-2xx and errors. */
export async function measure(url, { connections, seconds, warmupSeconds }) {
  assertLocal(url);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    warmup: { connections, duration: warmupSeconds },
  });
  return {
    connections,
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors, // errors include timeouts
  };
}

/** Serves `response` (bytes and content-type) for every request, on BARE_PORT. */
async function startBare(response) {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": response.contentType, "content-length": response.body.length });
    res.end(response.body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(BARE_PORT, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${BARE_PORT}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/**
 * For each page and concurrency: the shop, then the bare server with its bytes.
 * Returns one row per (page, connections).
 */
export async function throughput(baseURL, pages, { concurrencies = [1, 64], seconds = 5, warmupSeconds = 1, log = console.log } = {}) {
  const rows = [];
  for (const { label, path } of pages) {
    const url = `${baseURL}${path}`;
    const response = await capture(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
    for (const connections of concurrencies) {
      const shop = await measure(url, { connections, seconds, warmupSeconds });
      const bare = await startBare(response);
      let reference;
      try {
        reference = await measure(bare.url, { connections, seconds, warmupSeconds });
      } finally {
        await bare.close();
      }
      const row = { label, path, bytes: response.body.length, connections, shop, bare: reference, ratio: shop.rps / reference.rps };
      rows.push(row);
      log(
        `  ${label} c=${connections}: shop ${shop.rps.toFixed(0)} req/s p50 ${shop.p50} ms p99 ${shop.p99} ms; ` +
          `bare ${reference.rps.toFixed(0)} req/s p99 ${reference.p99} ms; ratio ${(row.ratio * 100).toFixed(1)} %`,
      );
    }
  }
  return rows;
}
