/**
 * Where the rate limits count (rate-limiter-flexible): this process's
 * memory, or, when REDIS_URL is set, one Redis that every instance shares
 * (its Redis limiter through ioredis), so n instances give a client one
 * allowance, not n. While Redis cannot answer (down, unreachable, or slower
 * than REDIS_ANSWER_MS), each limit counts in this process's memory instead,
 * rate-limiter-flexible's insurance limiter: a limit still holds per
 * instance and no shopper waits on Redis. The first count of an outage is
 * logged (rate_limit.redis_unavailable, with the link's state and its last
 * error), and Redis's return (rate_limit.redis_back); it takes over again as
 * soon as it takes a write.
 */
import "server-only";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type IRateLimiterOptions, type RateLimiterAbstract } from "rate-limiter-flexible";
import { log } from "@/lib/log";

/** How long a count waits for Redis before it is made in memory. */
export const REDIS_ANSWER_MS = 300;
/** How long the first counts wait for the process's first connection to Redis. */
const FIRST_CONNECTION_MS = 2_000;
/** Every key the shop's limits write in Redis starts with this. */
export const REDIS_KEY_PREFIX = "storefront:limit";

export interface LimitShape {
  points: number;
  seconds: number;
}

export interface LimiterSet<Kind extends string> {
  /** The limiter that counts `kind` now. */
  limiter(kind: Kind): RateLimiterAbstract;
  /** Resolves once the store can take a count (Redis's first connection, or at once in memory), or after REDIS_ANSWER_MS. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const eachShape = <Kind extends string, T>(shapes: Record<Kind, LimitShape>, make: (kind: Kind, options: IRateLimiterOptions) => T) =>
  Object.fromEntries(
    (Object.entries(shapes) as [Kind, LimitShape][]).map(([kind, { points, seconds }]) => [
      kind,
      make(kind, { points, duration: seconds }),
    ]),
  ) as Record<Kind, T>;

/** Every limit in this process's memory alone. */
export function memoryLimiters<Kind extends string>(shapes: Record<Kind, LimitShape>): LimiterSet<Kind> {
  const limiters = eachShape(shapes, (kind, options) => new RateLimiterMemory({ ...options, keyPrefix: kind }));
  return {
    limiter: (kind) => limiters[kind],
    ready: Promise.resolve(),
    close: async () => {},
  };
}

/** Every limit in the Redis at `url`, each insured by this process's memory while Redis cannot answer. */
export function redisLimiters<Kind extends string>(shapes: Record<Kind, LimitShape>, url: string): LimiterSet<Kind> {
  // No offline queue: while the link is down a count fails at once and is made in memory,
  // rather than waiting for a reconnection; a command Redis leaves unanswered times out.
  const client = new Redis(url, { enableOfflineQueue: false, commandTimeout: REDIS_ANSWER_MS, maxRetriesPerRequest: 0 });
  const outage = outageLog(client, url);
  const limiters = eachShape(shapes, (kind, options) => {
    const insuranceLimiter = new InsuranceLimiter({ ...options, keyPrefix: `memory:${kind}` }, outage.counted);
    const redis = new RateLimiterRedis({ ...options, storeClient: client, keyPrefix: `${REDIS_KEY_PREFIX}:${kind}`, insuranceLimiter });
    return { redis, insuranceLimiter };
  });
  // The first connection (TLS to a managed Redis from a cold start) may take longer than a count's answer.
  const ready = new Promise<void>((resolve) => {
    client.once("ready", resolve);
    setTimeout(resolve, FIRST_CONNECTION_MS).unref();
  });
  return {
    // Through an outage straight to memory: only its first counts wait on Redis.
    limiter: (kind) => (outage.isDown() ? limiters[kind].insuranceLimiter : limiters[kind].redis),
    ready,
    close: async () => client.disconnect(),
  };
}

/**
 * The outage's log lines: the first count made in memory, then Redis's
 * return, seen by a write that expires at once, tried each second from then
 * on (a link that dropped, one that hung, and a Redis that answers PING but
 * refuses writes alike).
 */
function outageLog(client: Redis, url: string) {
  const where = redactedUrl(url);
  let down = false;
  let lastError = "";
  let watch: NodeJS.Timeout | undefined;
  // ioredis reports each failed reconnection here; without a listener it writes them to the console.
  client.on("error", (error: Error) => {
    lastError = error.message;
  });
  client.once("end", () => clearInterval(watch));
  const back = () => {
    clearInterval(watch);
    down = false;
    lastError = "";
    log.info("rate_limit.redis_back", "Redis answers again: the rate limits count there, shared by every instance", { redis: where });
  };
  return {
    isDown: () => down,
    counted: () => {
      if (down || client.status === "end") return;
      down = true;
      // The link's state says which: "ready" with no answer is a Redis that hangs; "reconnecting", one that is gone.
      log.warn(
        "rate_limit.redis_unavailable",
        "Redis did not answer: each instance counts its rate limits in its own memory until it does",
        {
          redis: where,
          link: client.status,
          ...(lastError && { lastError }),
        },
      );
      watch = setInterval(() => void client.set(`${REDIS_KEY_PREFIX}:probe`, "1", "PX", 1_000).then(back, () => {}), 1_000);
      watch.unref();
    },
  };
}

/**
 * The version of the Redis at `url`, read with one INFO on a connection of
 * its own (npm run doctor's probe); throws when it does not answer within
 * `timeoutMs`.
 */
export async function redisVersion(url: string, timeoutMs = 5_000): Promise<string> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {}); // the rejected connect says it
  try {
    await client.connect();
    const info = await client.info("server");
    return /^redis_version:(.+)$/m.exec(info)?.[1].trim() ?? "of an unknown version";
  } finally {
    client.disconnect();
  }
}

/** REDIS_URL without its password, for a log line. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "redacted";
  return parsed.toString();
}

/** The memory limiter that stands in for Redis, saying when it first does. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: IRateLimiterOptions,
    private readonly counted: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.counted();
    return super.consume(...args);
  }

  override get(...args: Parameters<RateLimiterMemory["get"]>) {
    this.counted();
    return super.get(...args);
  }
}
