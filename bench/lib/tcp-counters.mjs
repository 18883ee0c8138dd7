// The kernel's TCP counters that explain a latency tail on loopback: segments
// retransmitted, and how often a receiver had to advertise a zero window (its
// buffer full: the sender then waits for a window update or its persist
// timer, 200 ms and more). Linux only; elsewhere null.
import { readFileSync } from "node:fs";

function counters(file, prefix) {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.startsWith(`${prefix}:`));
  if (lines.length < 2) return {};
  const names = lines[0].split(/\s+/).slice(1);
  const values = lines[1].split(/\s+/).slice(1).map(Number);
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}

function read() {
  try {
    const tcp = counters("/proc/net/snmp", "Tcp");
    const ext = counters("/proc/net/netstat", "TcpExt");
    return { retransmitted: tcp.RetransSegs ?? 0, zeroWindow: ext.TCPWantZeroWindowAdv ?? 0 };
  } catch {
    return null;
  }
}

/** Runs `work` and returns its result with the counters' growth meanwhile (machine-wide: run nothing else). */
export async function withTcpCounters(work) {
  const before = read();
  const result = await work();
  const after = read();
  const tcp =
    before && after
      ? { retransmitted: after.retransmitted - before.retransmitted, zeroWindow: after.zeroWindow - before.zeroWindow }
      : null;
  return { ...result, tcp };
}
