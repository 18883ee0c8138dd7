// How many connections the kernel held for a listening port that the
// server had not accepted yet, sampled while `work` runs. A connection in
// that queue is established for the client (its connect() has returned and
// it may have sent its request), but the server has not seen it: that wait
// shows in no timing taken inside the server. Linux only (/proc/net/tcp*,
// where a listening socket's rx_queue is its accept queue); elsewhere null.
import { readFileSync } from "node:fs";

const LISTEN = "0A";
const EVERY_MS = 10;

/** The longest accept queue of a socket listening on `port` right now, or null where it cannot be read. */
function queued(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let longest = null;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5 || fields[3] !== LISTEN || !fields[1].endsWith(`:${hexPort}`)) continue;
      const rx = parseInt(fields[4].split(":")[1], 16);
      longest = Math.max(longest ?? 0, rx);
    }
  }
  return longest;
}

/** Runs `work`, sampling `port`'s accept queue every 10 ms: its result and the longest queue seen (null: not readable here). */
export async function withAcceptQueue(port, work) {
  let longest = queued(port);
  const timer = setInterval(() => {
    const now = queued(port);
    if (now !== null) longest = Math.max(longest ?? 0, now);
  }, EVERY_MS);
  try {
    return { result: await work(), longestAcceptQueue: longest };
  } finally {
    clearInterval(timer);
  }
}
