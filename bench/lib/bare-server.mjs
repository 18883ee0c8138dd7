// The bare reference of the throughput steps, run as a process of its own
// (as the shop is): a Node http server answering every request with one
// captured response's exact bytes and headers (content-type and, when the
// shop compressed it, content-encoding). Started by bench/throughput.mjs:
//   node bench/lib/bare-server.mjs PORT BODY_FILE CONTENT_TYPE [CONTENT_ENCODING]
// and prints "ready" once it listens. With BARE_BUSY_MS set it first spins
// the CPU that long per request (on the next turn of the event loop, as a
// render would): a bare server as slow as the shop, to see whether a load
// generator's latency figures hold for a server of that speed.
import http from "node:http";
import { readFileSync } from "node:fs";

const [port, bodyFile, contentType, contentEncoding] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = {
  "content-type": contentType,
  "content-length": body.length,
  ...(contentEncoding && { "content-encoding": contentEncoding }),
};
const busyMs = Number(process.env.BARE_BUSY_MS ?? 0);
const answer = (res) => {
  res.writeHead(200, headers);
  res.end(body);
};
const server = http.createServer((req, res) => {
  if (!(busyMs > 0)) return answer(res);
  setImmediate(() => {
    const until = performance.now() + busyMs;
    while (performance.now() < until);
    answer(res);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
