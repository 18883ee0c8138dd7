// The tag expiry times this server process knows, shared by its 'use cache'
// handler (use-cache.mjs) and the shop's catalogue feed (lib/catalog/changes.ts),
// on one globalThis key: Next imports the handler at run time, outside the
// bundles the shop's code lives in.
//
// A tag's time is when this process learnt it expired: its own
// updateTag/revalidateTag calls, and the store's catalogue feed for changes
// made anywhere (every instance, the import script). An entry made before
// that time is expired; one made after is fresh. `refresh`, set by the shop,
// is awaited before a request's first cache read (the handlers'
// refreshTags), so a request never reads the cache before the feed runs.

import { logErrorLine } from "./log-line.mjs";

const KEY = Symbol.for("storefront.cache-tag-state");

/**
 * @typedef {{ expiredAt: Map<string, number>, refresh: (() => Promise<void>) | null }} TagState
 * @returns {TagState}
 */
export function tagState() {
  const g = /** @type {Record<symbol, TagState | undefined>} */ (/** @type {unknown} */ (globalThis));
  g[KEY] ??= { expiredAt: new Map(), refresh: null };
  return /** @type {TagState} */ (g[KEY]);
}

/** Now, on the clock Next stamps its cache entries with (ms since the epoch). */
export function now() {
  return performance.timeOrigin + performance.now();
}

/**
 * Marks the tags expired now (or at `at`). Every expiry is immediate: the
 * shop expires only what changed, and a tab that refreshes must get the new
 * page, never a stale one served while it regenerates.
 */
export function expireTags(tags, at = now()) {
  const { expiredAt } = tagState();
  for (const tag of tags) expiredAt.set(tag, Math.max(expiredAt.get(tag) ?? 0, at));
}

/** The latest expiry of any of the tags, 0 when none ever expired. */
export function latestExpiry(tags) {
  const { expiredAt } = tagState();
  let latest = 0;
  for (const tag of tags) latest = Math.max(latest, expiredAt.get(tag) ?? 0);
  return latest;
}

/** Whether an entry made at `madeAt` (ms) with these tags is expired. */
export function isExpired(tags, madeAt) {
  return latestExpiry(tags) >= madeAt;
}

/** Awaits the shop's refresh hook; a failure is logged, and the cache serves what it knows. */
export async function refreshTagState() {
  const { refresh } = tagState();
  if (!refresh) return;
  try {
    await refresh();
  } catch (error) {
    logErrorLine("cache.tag_refresh_failed", "Could not bring the cache's tags up to date before a request", error);
  }
}
