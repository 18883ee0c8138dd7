/**
 * Who is asking: the client's network address as the platform gives it, the
 * key of every per-client rate limit (an IPv6 address by its /64: clientKey). Never a header a client can set alone,
 * never a cookie (a client throws cookies away for free).
 * - On Vercel, `x-real-ip`: Vercel's edge sets it to the address it accepted
 *   the connection from and overwrites any value a client sent (the header
 *   @vercel/functions' ipAddress() reads).
 * - Self-hosted, the socket's address, or with TRUSTED_PROXY_HOPS = n the
 *   address n hops back in X-Forwarded-For (each trusted proxy appends the
 *   address it saw). This process writes it into CLIENT_ADDRESS_HEADER on
 *   every request it accepts (stamp-client-address.ts), with a token only it
 *   knows, so a client's own copy of that header is never believed.
 */

/** Set on every request this process accepts: `<stamp token> <address>`. */
export const CLIENT_ADDRESS_HEADER = "x-storefront-client-address";

/** What the key is when the platform gave no address (logged where it happens). */
export const UNKNOWN_ADDRESS = "unknown";

/** "::ffff:127.0.0.5" and "127.0.0.5" are one client. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice("::ffff:".length) : trimmed;
}

/**
 * The client's address behind `trustedHops` proxies: the socket's address with
 * none, else the entry that many places from the right of X-Forwarded-For
 * (the socket being the last trusted proxy). With fewer entries than trusted
 * hops, the leftmost one: nothing before it was seen by a trusted proxy.
 */
export function addressBehindProxies(forwardedFor: string | undefined, socketAddress: string | undefined, trustedHops: number): string {
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const seen = [...chain, socketAddress ?? ""].filter(Boolean);
  if (seen.length === 0) return UNKNOWN_ADDRESS;
  const index = Math.max(0, seen.length - 1 - trustedHops);
  return normalizeAddress(seen[index]);
}

/**
 * The rate limits' key for a client's address: an IPv6 address by its /64
 * ("2001:db8:1:2::/64"), since one host (a home router's network, a cloud
 * machine) usually holds a whole /64 and could otherwise be a new client
 * per address; anything else (IPv4, "unknown") as it is. Text that is not an
 * IPv6 address is kept whole.
 */
export function clientKey(address: string): string {
  const prefix = sixtyFourOf(address);
  return prefix === null ? address : `${prefix}::/64`;
}

/** The first four groups of an IPv6 address, lower case without leading zeros; null for anything else. */
function sixtyFourOf(address: string): string | null {
  const bare = address.split("%")[0].toLowerCase();
  if (!bare.includes(":") || !/^[0-9a-f:.]+$/.test(bare)) return null;
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const [head, tail] = [groupsOf(halves[0]), halves.length === 2 ? groupsOf(halves[1]) : []];
  // An IPv4 address written in the last 32 bits stands for two groups.
  const widthOf = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const missing = 8 - widthOf(head) - widthOf(tail);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const first = groups.slice(0, 4);
  if (!first.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return first.map((group) => parseInt(group, 16).toString(16)).join(":");
}

/** The stamp's address when it carries `token`, else null (a value the client wrote). */
export function stampedAddress(headerValue: string | null, token: string): string | null {
  if (!headerValue) return null;
  const space = headerValue.indexOf(" ");
  if (space < 0 || headerValue.slice(0, space) !== token) return null;
  return headerValue.slice(space + 1);
}
