import { getCatalogVersion } from "@/lib/catalog/read";
import { CATALOG_VERSION_ATTRIBUTE } from "@/lib/live/protocol";

/**
 * Which catalogue this page was rendered from, for the live updates: a tab
 * whose stream opens (or reopens after being closed) with another version
 * refreshes, so a change made while it was not listening is not missed.
 * Rendered once by every page that shows catalogue data; costs no store read
 * (the cached catalogue's digest).
 */
export async function CatalogVersionMark() {
  return <span hidden {...{ [CATALOG_VERSION_ATTRIBUTE]: await getCatalogVersion() }} />;
}
