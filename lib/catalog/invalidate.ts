/**
 * How a write made by the shop (an admin's add, edit or delete) expires what
 * it changed, in its own server action: `updateTag` on the tags of the
 * changes the store recorded since the version read before the write
 * (tags.ts), so the action's answer and this instance's next requests show
 * the write (read-your-own-writes). Every instance, this one included, also
 * expires the same tags from its store feed (changes.ts); open tabs learn of
 * it from the live stream.
 */
import "server-only";
import { log } from "@/lib/log";
import { updateTag } from "next/cache";
import { getStore } from "@/lib/data";
import { CATALOG_TAG, tagsOfChanges } from "./tags";
import { inSpan } from "@/lib/tracing/span";

/** The catalogue's version before a write, or null when it could not be read (then everything is expired). */
export async function catalogVersionBeforeWrite(): Promise<number | null> {
  try {
    return await (await getStore()).getCatalogVersion();
  } catch (error) {
    log.error(
      "catalog.version_read_failed",
      "Could not read the catalogue's version before a write: its success expires every catalogue page",
      error,
    );
    return null;
  }
}

/** Expires the tags of every change since `since`. Call from server actions only (updateTag's rule). */
export async function expireChangesSince(since: number | null): Promise<void> {
  let tags = [CATALOG_TAG];
  if (since !== null) {
    try {
      tags = tagsOfChanges((await (await getStore()).getCatalogChanges(since)).changes);
    } catch (error) {
      log.error("catalog.changes_read_failed", "Could not read what the write changed: every catalogue page is expired", error);
    }
  }
  inSpan("cache expire", { "storefront.cache.tags": tags.length, "storefront.cache.how": "updateTag" }, () => {
    for (const tag of tags) updateTag(tag);
  });
}
