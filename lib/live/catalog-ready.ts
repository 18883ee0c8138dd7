/**
 * What an opening live stream's `ready` says of the catalogue
 * (lib/live/protocol.ts): its version and, when the tab said the oldest
 * version its page shows (`since`), the changes after it as cache tags.
 * Answered from what this process has expired (lib/catalog/change-feed.ts),
 * which costs no read; from the store only where the feed cannot say.
 */
import type { CatalogChangeFeed } from "@/lib/catalog/change-feed";
import { noticeOfChange } from "@/lib/catalog/tags";
import type { Store } from "@/lib/data/contract/store";
import { catalogVersionSchema } from "@/lib/data/contract/catalog-store";
import type { LiveEventData } from "./protocol";

type Ready = LiveEventData["ready"];

/** The oldest version the tab's page shows (`since`, a whole number); null for anything else, which is ignored. */
export function parseSince(since: string | null): number | null {
  const parsed = since !== null && /^\d{1,15}$/.test(since) ? catalogVersionSchema.safeParse(Number(since)) : null;
  return parsed?.success ? parsed.data : null;
}

/**
 * What `ready` says of the catalogue, from what this process has expired
 * (lib/catalog/change-feed.ts): its version and, with `since`, the changes
 * after it. No read. Null when the feed cannot say: it has not heard where
 * the store starts yet, or `since` is older than what it keeps, or newer
 * than what it has heard (a page from another instance, ahead of this one).
 * Synchronous on purpose: the route subscribes the stream to the same feed
 * in the same turn, so no change falls between `ready` and the stream.
 */
export function readyFromFeed(feed: Pick<CatalogChangeFeed, "version" | "changesSince">, since: number | null): Ready | null {
  if (since === null) {
    const version = feed.version();
    return version === null ? null : { catalogVersion: version };
  }
  const known = feed.changesSince(since);
  return known && { catalogVersion: known.version, changes: known.changes };
}

/** The same from the store: one read of the version, or of the version and the changes kept since `since`. */
export async function readyFromStore(store: Pick<Store, "getCatalogVersion" | "getCatalogChanges">, since: number | null): Promise<Ready> {
  if (since === null) return { catalogVersion: await store.getCatalogVersion() };
  const { version, changes } = await store.getCatalogChanges(since);
  return {
    catalogVersion: version,
    changes: changes === null ? null : changes.map(noticeOfChange),
  };
}
