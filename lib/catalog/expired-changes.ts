/**
 * What this process's catalogue feed has expired (change-feed.ts): the
 * version the store's listener started from and each change after it (the
 * newest RECENT_CATALOG_CHANGES), so a page's mark and an opening stream's
 * `ready` are answered without a read. A gap (more changed than the store
 * kept, a version out of step) forgets what came before and starts again
 * from the version it reached.
 */
import { RECENT_CATALOG_CHANGES } from "@/lib/data/rules/catalog-changes";
import type { CatalogChanges } from "@/lib/data/contract/catalog";
import type { CatalogNotice } from "./tags";
import { noticeOfChange } from "./tags";

/** The catalogue as this process has expired it: the version, and the changes after a given one, oldest first. */
export interface CatalogExpiredHere {
  version: number;
  changes: CatalogNotice[];
}

export interface ExpiredChanges {
  /** Where the store's listener starts; only its first answer counts. */
  start(version: number): void;
  /** A change whose tags are expired here. */
  record(changes: CatalogChanges): void;
  /** The version expired here; null until the listener has said where it starts. */
  version(): number | null;
  /** The changes after `since` expired here; null when `since` is older than what is kept, or newer than what was heard. */
  changesSince(since: number): CatalogExpiredHere | null;
}

export function createExpiredChanges(): ExpiredChanges {
  /** The changes after `from` up to `version`. */
  let known: { from: number; version: number; changes: CatalogNotice[] } | null = null;
  return {
    start(version) {
      known ??= { from: version, version, changes: [] };
    },
    record(changes) {
      if (known === null) return; // The store reports where it starts before any change (Store.watchCatalog).
      if (changes.changes !== null && changes.version === known.version) return; // Already known: nothing new.
      const heard = (changes.changes ?? []).map(noticeOfChange);
      const inStep =
        changes.changes !== null && heard.length > 0 && heard[0].version === known.version + 1 && heard.at(-1)!.version === changes.version;
      if (!inStep) {
        known = { from: changes.version, version: changes.version, changes: [] };
        return;
      }
      const all = [...known.changes, ...heard];
      const dropped = all.length - RECENT_CATALOG_CHANGES;
      known = {
        from: dropped > 0 ? all[dropped - 1].version : known.from,
        version: changes.version,
        changes: dropped > 0 ? all.slice(dropped) : all,
      };
    },
    version: () => known?.version ?? null,
    changesSince(since) {
      if (known === null || since < known.from || since > known.version) return null;
      return { version: known.version, changes: known.changes.filter((change) => change.version > since) };
    },
  };
}
