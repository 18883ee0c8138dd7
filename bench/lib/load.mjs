// A small closed-loop HTTP load generator: `connections` keep-alive clients
// each send the next request as soon as the previous answer is read, for
// `seconds`. Reports requests/s and latency percentiles. Loopback only.
import http from "node:http";

export async function load(url, { connections = 1, seconds = 10, warmupSeconds = 2 } = {}) {
  const target = new URL(url);
  if (!["localhost", "127.0.0.1", "[::1]"].includes(target.hostname)) {
    throw new Error(`refusing to load ${target.hostname}: benchmarks only target this machine`);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.get(target, { agent }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode, bytes }));
      });
      req.on("error", reject);
    });

  const run = async (durationMs, record) => {
    const deadline = Date.now() + durationMs;
    const worker = async () => {
      while (Date.now() < deadline) record(await once());
    };
    await Promise.all(Array.from({ length: connections }, worker));
  };

  await run(warmupSeconds * 1000, () => {});
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const started = Date.now();
  await run(seconds * 1000, (r) => {
    latencies.push(r.ms);
    bytes = r.bytes;
    if (r.status !== 200) errors++;
  });
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return {
    url,
    connections,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    errors,
    bytes,
  };
}
