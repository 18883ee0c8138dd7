/**
 * Brings the parts of an open page that a catalogue change touched to that
 * change, free of the browser and of React so its timing is unit-tested with
 * fake timers (tests/catalog-catch-up.test.ts); components/live/live-updates.tsx
 * plugs router.refresh() and the page's marks into it.
 *
 * A page part carries a mark (components/live/catalog-version-mark.tsx): the
 * catalogue version it was rendered from, and its cache tags. A part is
 * stale when a change newer than its version touched one of its tags; only
 * then is the page refreshed, so an edit of one product refreshes only the
 * tabs that show it (or a list it is in, or a list it joins). The refresh is
 * checked and repeated while a part is still stale (refresh-until-current.ts):
 * a re-rendered part reads the version of now, but a page can be served once
 * from a render that raced the change.
 * A page without marks (the cart, sign-in) shows no catalogue part that a
 * refresh would change: the cart's lines follow the stream's `cart` event.
 */
import type { CatalogChangeNotice } from "./protocol";
import { RefreshUntilCurrent, type RefreshUntilCurrentOptions } from "./refresh-until-current";

/** One marked part of the page. */
export interface ShownPart {
  version: number;
  tags: readonly string[];
}

type CatalogCatchUpOptions = Omit<RefreshUntilCurrentOptions, "behind" | "onSettled"> & {
  /** The page's marked parts now. */
  shownParts(): ShownPart[];
};

/** The tag every catalogue part carries (lib/catalog/tags.ts CATALOG_TAG): a change of anything touches it. */
const ANYTHING = "catalog";

/** Whether a change newer than the part's version touched one of its tags; `null` changes: anything changed up to `version`. */
export function isStale(part: ShownPart, changes: readonly CatalogChangeNotice[] | null, version: number): boolean {
  if (changes === null) return part.version < version;
  return changes.some((change) => change.version > part.version && change.tags.some((tag) => tag === ANYTHING || part.tags.includes(tag)));
}

export class CatalogCatchUp {
  /** The changes the page must show, with the version they lead to; null when none is pending. */
  private target: { changes: CatalogChangeNotice[] | null; version: number } | null = null;
  private readonly refresher: RefreshUntilCurrent;

  constructor({ shownParts, ...options }: CatalogCatchUpOptions) {
    this.refresher = new RefreshUntilCurrent({
      ...options,
      behind: () => {
        const target = this.target;
        return target !== null && shownParts().some((part) => isStale(part, target.changes, target.version));
      },
      onSettled: () => {
        this.target = null; // Shown, or given up: the next change or stream opening tries again.
      },
    });
  }

  /** The stream announced changes (at open: those since the page's oldest part; then each change as it comes). */
  announce(changes: CatalogChangeNotice[] | null, version: number): void {
    const pending = this.target;
    // Still-pending changes stay pending alongside the new ones.
    const merged = changes === null || (pending !== null && pending.changes === null) ? null : [...(pending?.changes ?? []), ...changes];
    this.target = { changes: merged, version: Math.max(version, pending?.version ?? 0) };
    this.refresher.announce();
  }

  /**
   * The stream is down: no refresh until it is back. A refresh needs the
   * server, and one that fails on its way makes Next load the page anew,
   * which a dropped network turns into the browser's error page. What is
   * pending stays pending: the reopened stream's `ready` announces again.
   */
  hold(): void {
    this.refresher.stop();
  }

  /** Stops checking (the component unmounts). */
  stop(): void {
    this.refresher.stop();
    this.target = null;
  }
}

/** The oldest version among the parts, or null for a page without marks. */
export function oldestShownVersion(parts: readonly ShownPart[]): number | null {
  return parts.length === 0 ? null : Math.min(...parts.map((part) => part.version));
}
