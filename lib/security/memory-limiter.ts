/**
 * rate-limiter-flexible's memory limiter, its keys expired without a timer.
 *
 * Its own storage expires each key with a setTimeout made where the key is
 * first counted, inside a request, and a timer keeps the async context it
 * was made in: every AsyncLocalStorage's store, among them Next's request
 * and after() stores, and through them the request and its response. A limit
 * keyed by a recipient's address with an hour's window (ordersToRecipient)
 * so kept each checkout's whole request alive for an hour (docs/BENCHMARKS.md
 * §17). Here a key's expiry is read when the key is, and the expired keys
 * are swept in passing, at most once a SWEEP_EVERY_MS: nothing outlives its
 * window by more than that, and nothing keeps a request.
 */
import "server-only";
import { RateLimiterMemory, RateLimiterRes, type IRateLimiterOptions } from "rate-limiter-flexible";

/** How often, at most, the keys whose window has passed are dropped. */
export const SWEEP_EVERY_MS = 60_000;

interface Count {
  value: number;
  /** When the window ends (ms since the epoch), null for a key without one. */
  expiresAt: number | null;
}

/**
 * rate-limiter-flexible's MemoryStorage as RateLimiterMemory calls it
 * (incrby, set, get, delete; `_restoreRecord` for its restore, `_storage`
 * for its dump, which may list a key expired since the last sweep), with the
 * same answers (points counted as integers), and no timers.
 */
export class ExpiringCounts {
  readonly _storage = new Map<string, Count>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  incrby(key: string, value: number, durationSec: number): RateLimiterRes {
    const count = this.live(key);
    if (!count) return this.set(key, value, durationSec);
    count.value = Math.trunc(count.value + value);
    return new RateLimiterRes(0, this.msLeft(count), count.value, false);
  }

  set(key: string, value: number, durationSec: number): RateLimiterRes {
    const durationMs = durationSec * 1000;
    this.sweepIfDue();
    const count = { value: Math.trunc(value), expiresAt: durationMs > 0 ? this.now() + durationMs : null };
    this._storage.set(key, count);
    return new RateLimiterRes(0, durationMs > 0 ? durationMs : -1, count.value, true);
  }

  get(key: string): RateLimiterRes | null {
    const count = this.live(key);
    return count ? new RateLimiterRes(0, this.msLeft(count), count.value, false) : null;
  }

  delete(key: string): boolean {
    return this._storage.delete(key);
  }

  _restoreRecord(key: string, value: number, expiresAt: number | null): void {
    if (expiresAt !== null && (!Number.isFinite(expiresAt) || expiresAt <= this.now())) return;
    this._storage.set(key, { value: Math.trunc(value), expiresAt });
  }

  /** The key's count while its window lasts; an expired one is dropped. */
  private live(key: string): Count | undefined {
    const count = this._storage.get(key);
    if (count && count.expiresAt !== null && count.expiresAt <= this.now()) {
      this._storage.delete(key);
      return undefined;
    }
    return count;
  }

  private msLeft(count: Count): number {
    return count.expiresAt === null ? -1 : count.expiresAt - this.now();
  }

  private sweepIfDue(): void {
    const now = this.now();
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    for (const [key, count] of this._storage) {
      if (count.expiresAt !== null && count.expiresAt <= now) this._storage.delete(key);
    }
  }
}

/** RateLimiterMemory counting in ExpiringCounts. */
export class MemoryLimiter extends RateLimiterMemory {
  constructor(options: IRateLimiterOptions, now?: () => number) {
    super(options);
    const self = this as unknown as { _memoryStorage?: unknown };
    // Its storage is a field of its own, not an option: a rate-limiter-flexible that names it otherwise fails here, at start.
    if (!("_memoryStorage" in self))
      throw new Error("rate-limiter-flexible's RateLimiterMemory no longer keeps its storage in _memoryStorage");
    self._memoryStorage = new ExpiringCounts(now);
  }
}
