/**
 * Brings an open page to the catalogue version the live stream announced,
 * free of the browser and of React so its timing is unit-tested with fake
 * timers (tests/catalog-catch-up.test.ts); components/live/live-updates.tsx
 * plugs router.refresh() and the page's version mark into it.
 *
 * A refresh is not always enough: a prerendered page may be served stale
 * while it regenerates (stale-while-revalidate), or a render that raced the
 * change may have been cached as fresh (lib/catalog/change-feed.ts). So
 * after each refresh the page's mark (components/live/catalog-version-mark.tsx)
 * is compared with the announced version, and the refresh is repeated after
 * 1, 2, 4 and 8 s until they match. A page that already shows the announced
 * version is not refreshed at all (the change feed's second notice, a stream
 * reopened on a current page). A page without a mark (the cart, sign-in)
 * is refreshed once per change, as before versions existed.
 */

export interface CatalogCatchUpOptions {
  /** The version the page shows (its mark), or null for a page without one. */
  shownVersion(): string | null;
  refresh(): void;
  /** Waits before each check after a refresh (ms). */
  verifyDelays?: readonly number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const CATCH_UP_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;

export class CatalogCatchUp {
  private target: string | null = null;
  private timer: unknown = null;
  private readonly options: Required<CatalogCatchUpOptions>;

  constructor(options: CatalogCatchUpOptions) {
    this.options = {
      verifyDelays: CATCH_UP_DELAYS_MS,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  /**
   * The stream announced the catalogue's current version: at open (`ready`)
   * or after a change (`catalog`). `null`: a change of unknown version.
   */
  announce(version: string | null, { changed }: { changed: boolean }): void {
    const shown = this.options.shownVersion();
    if (shown === null || version === null) {
      // Nothing to compare: refresh on a change, as before versions existed.
      if (changed) this.options.refresh();
      return;
    }
    this.target = version;
    this.cancel();
    if (shown === version) return;
    this.options.refresh();
    this.verify(0);
  }

  /** Stops checking (the component unmounts). */
  stop(): void {
    this.cancel();
    this.target = null;
  }

  private verify(attempt: number): void {
    const delay = this.options.verifyDelays[attempt];
    if (delay === undefined) return; // Gave up: the next change or stream opening tries again.
    this.timer = this.options.setTimer(() => {
      this.timer = null;
      if (this.target === null || this.options.shownVersion() === this.target) return;
      this.options.refresh();
      this.verify(attempt + 1);
    }, delay);
  }

  private cancel(): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
  }
}
