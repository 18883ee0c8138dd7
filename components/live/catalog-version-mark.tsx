import { getCatalogVersionShowing } from "@/lib/catalog/read";
import { CATALOG_TAGS_ATTRIBUTE, CATALOG_VERSION_ATTRIBUTE } from "@/lib/live/protocol";

/**
 * Which catalogue a part of this page was rendered from, for the live
 * updates: the catalogue's version, cached under the same tags as the part's
 * data (lib/catalog/tags.ts), and those tags. A tab refreshes only when a
 * change's tags meet a mark's, and until that mark carries the change's
 * version (lib/live/catalog-catch-up.ts), so a change made while it was not
 * listening is not missed either. Self-hosted the version is the one this
 * process's change feed has expired, no read; on Vercel one store read when
 * the part re-renders (lib/catalog/read.ts, getCatalogVersionShowing).
 */
export async function CatalogVersionMark({ tags }: { tags: string[] }) {
  const version = await getCatalogVersionShowing(tags);
  return <span hidden {...{ [CATALOG_VERSION_ATTRIBUTE]: version, [CATALOG_TAGS_ATTRIBUTE]: tags.join(" ") }} />;
}
