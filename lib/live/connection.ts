/**
 * When a tab's live stream is open, as a small state machine free of the
 * browser and of React, so its timing is unit-tested with fake timers
 * (tests/live-connection.test.ts); components/live/live-updates.tsx plugs an
 * EventSource into it.
 *
 * - Open while the tab is visible. Hidden for longer than `hiddenGraceMs`
 *   (a glance at another tab keeps it), the stream is closed: a tab nobody
 *   looks at holds no server connection, no function time on Vercel and no
 *   cart listener. Shown again, it reopens at once.
 * - After a cut (a network drop, a server that ends the stream or refuses
 *   it with a 503, a deploy), it reopens after a delay that starts at
 *   `backoff.firstMs` and doubles to `backoff.maxMs`, each jittered down by
 *   up to half, so the tabs of an instance that went away do not all come
 *   back in the same second. A stream that said `ready` resets the delay.
 * - Nothing is lost across a gap: every (re)opened stream starts with the
 *   whole cart and the catalogue's version, which the tab compares with the
 *   one its page was rendered from (components/live/catalog-version-mark.tsx).
 *
 * Some EventSource implementations reconnect by themselves after a drop
 * (with the server's `retry:` delay, no backoff) and others give up; the
 * stream is always closed here on error, so reconnecting is decided in one
 * place.
 */

/** An open stream, as far as this needs to know: it can be closed. */
interface LiveStreamHandle {
  close(): void;
}

export interface LiveConnectionOptions {
  /** Opens a stream; the caller reports its `ready` and its errors back. */
  open(): LiveStreamHandle;
  hiddenGraceMs?: number;
  backoff?: { firstMs: number; maxMs: number };
  /** 0 <= random() < 1; the jitter. */
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const LIVE_TIMING = {
  /** How long a hidden tab keeps its stream. */
  hiddenGraceMs: 10_000,
  /** Reopening delays after a cut: 1 s, doubling, at most 60 s (before jitter). */
  backoff: { firstMs: 1_000, maxMs: 60_000 },
} as const;

export class LiveConnection {
  private stream: LiveStreamHandle | null = null;
  private timer: unknown = null;
  private hidden = false;
  private stopped = true;
  private nextDelay: number;
  private readonly options: Required<LiveConnectionOptions>;

  constructor(options: LiveConnectionOptions) {
    this.options = {
      hiddenGraceMs: LIVE_TIMING.hiddenGraceMs,
      backoff: LIVE_TIMING.backoff,
      random: Math.random,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.nextDelay = this.options.backoff.firstMs;
  }

  /** Whether a stream is open (or opening) now. */
  get isOpen(): boolean {
    return this.stream !== null;
  }

  /** Starts following; opens now unless the tab is hidden. */
  start(hidden: boolean): void {
    this.stopped = false;
    this.hidden = hidden;
    if (!hidden) this.openNow();
  }

  /** Closes for good (the component unmounts). */
  stop(): void {
    this.stopped = true;
    this.cancelTimer();
    this.closeStream();
  }

  /** Opens a new stream now: what it should follow changed (a sign-in, the cart's creation). */
  restart(): void {
    if (this.stopped) return;
    this.cancelTimer();
    this.closeStream();
    if (!this.hidden) this.openNow();
  }

  /** The stream said `ready`: it works, so the next cut starts the delays over. */
  ready(): void {
    this.nextDelay = this.options.backoff.firstMs;
  }

  /** The stream failed or ended: closed, and reopened after the current delay (or once shown). */
  failed(): void {
    if (this.stopped) return;
    this.closeStream();
    if (this.hidden || this.timer !== null) return;
    const delay = this.nextDelay * (1 - this.options.random() / 2);
    this.nextDelay = Math.min(this.nextDelay * 2, this.options.backoff.maxMs);
    this.schedule(() => this.openNow(), delay);
  }

  /** The tab was hidden or shown. */
  visibilityChanged(hidden: boolean): void {
    if (this.stopped || hidden === this.hidden) return;
    this.hidden = hidden;
    this.cancelTimer();
    if (hidden) {
      if (this.stream) this.schedule(() => this.closeStream(), this.options.hiddenGraceMs);
    } else if (!this.stream) {
      this.openNow();
    }
  }

  private openNow(): void {
    this.cancelTimer();
    this.closeStream();
    this.stream = this.options.open();
  }

  private closeStream(): void {
    const stream = this.stream;
    this.stream = null;
    stream?.close();
  }

  private schedule(run: () => void, ms: number): void {
    this.timer = this.options.setTimer(() => {
      this.timer = null;
      run();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
  }
}
