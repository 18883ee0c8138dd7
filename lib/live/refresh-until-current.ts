/**
 * Refreshes an open page until it shows what its live stream announced,
 * free of the browser and of React so its timing is unit-tested with fake
 * timers (tests/refresh-until-current.test.ts). The catalogue's catch-up
 * (catalog-catch-up.ts) and an open order page (components/orders/order-live.tsx)
 * plug their own "is the page behind?" and router.refresh() into it.
 *
 * One refresh is not proof: a page can be served once from a render that
 * raced the change, and a refresh can be lost on the way (the router drops
 * it, the request fails). So after each refresh the page is checked again
 * after 1, 2, 4 and 8 s (VERIFY_DELAYS_MS) and refreshed again while it is
 * still behind; the last check only looks. Each repeat is reported
 * (`onRepeat`), and so is giving up (`onGiveUp`), after which the stream's
 * next event (or its reopening) tries again.
 */

export interface RefreshUntilCurrentOptions {
  /** Whether the page still shows less than was announced. */
  behind(): boolean;
  refresh(): void;
  /** The page was behind when checked after a refresh: refreshed again. */
  onRepeat?(attempt: number): void;
  /** Still behind after the last check. */
  onGiveUp?(): void;
  /** Once the page shows what was announced, or after giving up. */
  onSettled?(): void;
  /** Waits before each check after a refresh (ms). */
  verifyDelays?: readonly number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const VERIFY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;

export class RefreshUntilCurrent {
  private timer: unknown = null;
  private readonly options: Required<RefreshUntilCurrentOptions>;

  constructor(options: RefreshUntilCurrentOptions) {
    this.options = {
      onRepeat: () => {},
      onGiveUp: () => {},
      onSettled: () => {},
      verifyDelays: VERIFY_DELAYS_MS,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  /** Something new was announced: refresh now if the page is behind, then check it as above. */
  announce(): void {
    this.cancel();
    if (!this.options.behind()) {
      this.options.onSettled();
      return;
    }
    this.options.refresh();
    this.verify(0);
  }

  /** Stops checking until the next announcement (the component unmounts, or its stream is cut). */
  stop(): void {
    this.cancel();
  }

  /** Checks after the attempt's delay; refreshes again while behind, until the last check, which only looks. */
  private verify(attempt: number): void {
    const delays = this.options.verifyDelays;
    this.timer = this.options.setTimer(() => {
      this.timer = null;
      if (!this.options.behind()) {
        this.options.onSettled();
      } else if (attempt + 1 < delays.length) {
        this.options.onRepeat(attempt + 1);
        this.options.refresh();
        this.verify(attempt + 1);
      } else {
        this.options.onGiveUp();
        this.options.onSettled();
      }
    }, delays[attempt]);
  }

  private cancel(): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
  }
}
