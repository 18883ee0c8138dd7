// Loaded into a shop process with `node --import` (bench/server-profile.mjs)
// to see, from inside the server, where a request's time goes during one
// measured window. Nothing here runs unless BENCH_PROBE_FILE is set.
//
// The first SIGUSR2 opens the window: V8's sampling CPU profiler starts
// (through the inspector: no restart, no exit needed to write it) and every
// request and connection is timed. The second closes it and writes
// BENCH_PROBE_FILE:
//   profile    the V8 CPU profile of the window
//   requests   ms from each request's arrival (headers parsed) to its
//              answer's last byte handed to the kernel ("finish")
//   gaps       ms a kept-alive connection sat idle between one answer and
//              its next request (the client reading, the kernel delivering)
//   accepts    when each connection was accepted (epoch ms)
//   loopDelay  the event loop's delay, {max, p999, mean} ms (perf_hooks)
// then prints "probe written" ("probe open" once the window is open).
import fs from "node:fs";
import http from "node:http";
import inspector from "node:inspector";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  let open = false;
  let requests = [];
  let gaps = [];
  let accepts = [];
  let loop = null;
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  const epochMs = () => performance.timeOrigin + performance.now();

  // Every server the process creates (Next's included) is timed.
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === "connection" && open) accepts.push(epochMs());
    if (event === "request" && open) {
      const [req, res] = args;
      const socket = req.socket;
      const arrived = performance.now();
      if (socket.benchLastFinish !== undefined) gaps.push(arrived - socket.benchLastFinish);
      res.once("finish", () => {
        const finished = performance.now();
        socket.benchLastFinish = finished;
        requests.push(finished - arrived);
      });
    }
    return emit.call(this, event, ...args);
  };

  const startWindow = async () => {
    requests = [];
    gaps = [];
    accepts = [];
    loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    await post("Profiler.enable");
    await post("Profiler.start");
    open = true;
    process.stdout.write("probe open\n");
  };
  const endWindow = async () => {
    open = false;
    loop.disable();
    const { profile } = await post("Profiler.stop");
    const ns = 1e6;
    const loopDelay = { max: loop.max / ns, p999: loop.percentile(99.9) / ns, mean: loop.mean / ns };
    fs.writeFileSync(file, JSON.stringify({ profile, requests, gaps, accepts, loopDelay }));
    process.stdout.write("probe written\n");
  };
  process.on("SIGUSR2", () => {
    (open ? endWindow() : startWindow()).catch((error) => process.stderr.write(`probe failed: ${error.stack}\n`));
  });
}
