// The bare reference of the throughput steps, run as a process of its own
// (as the shop is): a Node http server answering every request with one
// captured response's exact bytes and headers (content-type and, when the
// shop compressed it, content-encoding). Started by bench/throughput.mjs:
//   node bench/lib/bare-server.mjs PORT BODY_FILE CONTENT_TYPE [CONTENT_ENCODING]
// and prints "ready" once it listens.
import http from "node:http";
import { readFileSync } from "node:fs";

const [port, bodyFile, contentType, contentEncoding] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = { "content-type": contentType, "content-length": body.length, ...(contentEncoding && { "content-encoding": contentEncoding }) };
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
