// npm run bench:static: how many more requests per second the prerendered
// home page serves than a page rendered on every request. The comparison page
// is /search?q=a: the same layout and a grid of the same cards (it matches
// almost the whole catalogue), but rendered per request because it reads the
// query string. Both read the catalogue from the same cache, so the
// difference is rendering alone. Results are appended to docs/BENCHMARKS.md.
import os from "node:os";
import { load } from "./lib/load.mjs";
import { startShop } from "./lib/server.mjs";
import { writeSection } from "./lib/report.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const shop = await startShop();
try {
  const pages = [
    ["home (prerendered)", `${shop.baseURL}/`],
    ["search ?q=a (rendered per request)", `${shop.baseURL}/search?q=a`],
  ];
  const rows = [];
  for (const connections of [1, 64]) {
    for (const [label, url] of pages) {
      const result = await load(url, { connections, seconds: SECONDS });
      rows.push({ label, ...result });
      console.log(`${label} c=${connections}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.bytes} bytes, errors ${result.errors}`);
    }
  }
  const ratio = (c) => rows.find((r) => r.connections === c && r.label.startsWith("home")).rps / rows.find((r) => r.connections === c && r.label.startsWith("search")).rps;
  const lines = [
    `Command: \`npm run bench:static\` (${SECONDS} s per measurement after 2 s warm-up, closed-loop keep-alive clients on loopback).`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0].model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "| page | connections | req/s | p50 ms | p99 ms | bytes | non-200 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.label} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.bytes} | ${r.errors} |`),
    "",
    `Home serves **${ratio(1).toFixed(1)}×** the requests per second of the per-request page at 1 connection and **${ratio(64).toFixed(1)}×** at 64.`,
  ];
  writeSection("Prerendered home vs. a page rendered per request", lines.join("\n"));
  console.log(`ratio: ${ratio(1).toFixed(1)}x (c=1), ${ratio(64).toFixed(1)}x (c=64)`);
} finally {
  await shop.stop();
}
