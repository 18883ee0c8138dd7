/**
 * Whether a request's Origin header names the host it was sent to (the host
 * a proxy forwarded, when there is one). Next already refuses cross-origin
 * server action calls; actions that change data check again with this, and a
 * missing Origin is refused too (every browser sends it on a POST).
 */
export function isSameOrigin(origin: string | null | undefined, host: string | null | undefined, forwardedHost?: string | null): boolean {
  if (!origin || origin === "null") return false;
  const expected = (forwardedHost?.split(",")[0] || host || "").trim().toLowerCase();
  if (!expected) return false;
  try {
    const url = new URL(origin);
    if (url.protocol !== "https:" && url.protocol !== "http:") return false;
    return url.host.toLowerCase() === expected;
  } catch {
    return false;
  }
}
