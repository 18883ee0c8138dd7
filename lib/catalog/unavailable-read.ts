/**
 * A cached catalogue read that found the store unavailable, as a value
 * instead of a throw, for the reads a page's title shares with the page.
 *
 * A 'use cache' function that throws while generateMetadata is filling its
 * entry leaves the response open for good (Next 16.4.5): a filtered view's
 * title reads its count, and with the store down the page hung with no byte
 * sent, where the same read started by the page itself rejects into the
 * page's error boundary within the store's deadline. So those reads return
 * UNAVAILABLE, kept briefly (UNAVAILABLE_LIFE: the first request a second
 * later asks the store again) where an answer is kept for hours, and their callers,
 * outside any cache, throw it again (`orThrow`): the page shows its error,
 * the title leaves its count out (title-count.ts). Any other error is a
 * fault, and is thrown as it is.
 */
import "server-only";
import { cacheLife } from "next/cache";
import { StoreError, isStoreError } from "@/lib/data/contract/errors";
import { log } from "@/lib/log";

const UNAVAILABLE = Object.freeze({ unavailable: true as const });
export type Unavailable = typeof UNAVAILABLE;

export function isUnavailable(value: unknown): value is Unavailable {
  return typeof value === "object" && value !== null && (value as { unavailable?: unknown }).unavailable === true;
}

/**
 * Inside a 'use cache' function: `read`'s answer (which sets the entry's
 * tags and life itself), or UNAVAILABLE with UNAVAILABLE_LIFE when the
 * store did not answer. Only one cacheLife may run per invocation: `read`
 * sets its own on success only.
 */
export async function unlessUnavailable<T>(read: () => Promise<T>): Promise<T | Unavailable> {
  try {
    return await read();
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    keptBriefly();
    log.warn("catalog.read_unavailable", "A catalogue read found the store unavailable: kept for seconds, not hours", undefined, error);
    return UNAVAILABLE;
  }
}

/**
 * The life of an entry holding UNAVAILABLE: asked again in the background by
 * the first request a second later. Its expiry stays at 5 minutes, the least
 * Next keeps in a page's render (a shorter one, as the 'seconds' profile's,
 * made the entry missing from the render's second pass: "Unexpected cache
 * miss after cache warming phase").
 */
const UNAVAILABLE_LIFE = { stale: 30, revalidate: 1, expire: 300 };

/** Inside a 'use cache' function handing on an UNAVAILABLE it was given: its entry is kept as briefly too. */
export function keptBriefly(): void {
  cacheLife(UNAVAILABLE_LIFE);
}

/** Outside the cache: the answer, or the store's "unavailable" thrown where the caller handles it. */
export function orThrow<T>(value: T | Unavailable): T {
  if (isUnavailable(value)) throw new StoreError("unavailable", "The catalogue store did not answer");
  return value;
}
