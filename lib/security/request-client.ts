/**
 * The rate limits' key for one request: its client's address as the
 * platform gives it (client-address.ts says how, per platform), an IPv6
 * address by its /64 (clientKey).
 */
import "server-only";
import { log } from "@/lib/log";
import { serverEnv } from "@/lib/env";
import { consume, exhausted, recipientKey, tooManyRequests, type RateLimitKind, type RateLimitRefusal } from "./rate-limit";
import { UNKNOWN_ADDRESS, clientKey, normalizeAddress, stampedAddress, CLIENT_ADDRESS_HEADER } from "./client-address";
import { stampToken } from "./stamp-client-address";

const reported = { beforeStart: false, noPlatformAddress: false };

/** The rate limits' key of a request with these headers; `onVercel` when the platform is Vercel. */
function clientOf(headers: Headers, onVercel: boolean): string {
  return clientKey(addressOf(headers, onVercel));
}

/** The client's address for a request with these headers. */
function addressOf(headers: Headers, onVercel: boolean): string {
  if (onVercel) {
    const address = headers.get("x-real-ip");
    if (address) return normalizeAddress(address);
    // Every such client would share one key, and limits would bite them all at once: say so, once.
    if (!reported.noPlatformAddress) {
      reported.noPlatformAddress = true;
      log.error("security.no_platform_address", "A request on Vercel came without x-real-ip: rate limits key such requests as one client");
    }
    return UNKNOWN_ADDRESS;
  }
  const token = stampToken();
  const stamped = token ? stampedAddress(headers.get(CLIENT_ADDRESS_HEADER), token) : null;
  if (stamped) return stamped;
  // Next starts the stamping (instrumentation) while it handles the process's
  // first request, after Node announced that request: every request accepted
  // until then is unstamped, and they share one key.
  if (!reported.beforeStart) {
    reported.beforeStart = true;
    log.warn(
      "security.unstamped_requests",
      "Requests accepted before this process began stamping client addresses share one rate-limit key",
    );
  }
  return UNKNOWN_ADDRESS;
}

/**
 * Counts this request against `kind` for its client: the 429 to answer when
 * it is over the limit, else null.
 */
export async function limitRequest(kind: RateLimitKind, headers: Headers): Promise<Response | null> {
  const limited = await refusalFor(kind, headers);
  return limited ? tooManyRequests(limited) : null;
}

/** Counts this request against `kind`: the refusal when it is over the limit, for a caller that answers it its own way. */
export async function refusalFor(kind: RateLimitKind, headers: Headers): Promise<RateLimitRefusal | null> {
  const env = serverEnv();
  return consume(kind, clientOf(headers, Boolean(env.VERCEL)), env.RATE_LIMIT_FACTOR);
}

/** The 429 to answer when the client has used up `kind` already (this request not counted), else null. */
export async function alreadyLimited(kind: RateLimitKind, headers: Headers): Promise<Response | null> {
  const env = serverEnv();
  const limited = await exhausted(kind, clientOf(headers, Boolean(env.VERCEL)), env.RATE_LIMIT_FACTOR);
  return limited ? tooManyRequests(limited) : null;
}

/** Counts an outcome against `kind` (checked first with alreadyLimited). */
export async function countRequest(kind: RateLimitKind, headers: Headers): Promise<void> {
  const env = serverEnv();
  await consume(kind, clientOf(headers, Boolean(env.VERCEL)), env.RATE_LIMIT_FACTOR);
}

/**
 * Counts one request of a per-recipient limit (`kind`'s perRecipient) against
 * `email`, whoever sends it: the refusal when it is over the limit, else null.
 */
export async function refusalForRecipient(kind: RateLimitKind, email: string): Promise<RateLimitRefusal | null> {
  return consume(kind, recipientKey(email), serverEnv().RATE_LIMIT_FACTOR);
}
