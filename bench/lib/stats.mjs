/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Median of an ascending list. */
export function median(sorted) {
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
}

/**
 * Little's law for a closed-loop load test: mean latency (ms) × req/s ÷
 * connections. A client that keeps at most one request per connection in
 * flight cannot exceed 1; a figure well above it means its latencies are not
 * the time its requests waited.
 */
export const littlesLaw = (m) => (m.rps * (m.mean / 1000)) / m.connections;
