/**
 * Where the rate limits count (rate-limiter-flexible): this process's
 * memory, or, when REDIS_URL is set, one Redis that every instance shares
 * (its Redis limiter through ioredis), so n instances give a client one
 * allowance, not n. While Redis cannot answer (down, unreachable, or slower
 * than REDIS_ANSWER_MS), each limit counts in this process's memory instead,
 * rate-limiter-flexible's insurance limiter: a limit still holds per
 * instance and no shopper waits on Redis. Each time counts leave Redis it is
 * logged once (outageLog says which line when); it takes over again as soon
 * as it takes a write.
 */
import "server-only";
import { Redis } from "ioredis";
import { RateLimiterRedis, type IRateLimiterOptions, type RateLimiterAbstract } from "rate-limiter-flexible";
import { log } from "@/lib/log";
import { MemoryLimiter } from "./memory-limiter";

/** How long a count waits for Redis before it is made in memory. */
export const REDIS_ANSWER_MS = 300;
/** How long a link that is up may leave probes unanswered before its silence is an outage. */
export const OUTAGE_CONFIRM_MS = 3_000;
/** ioredis's rejection of a command left unanswered past commandTimeout (a plain Error, no code). */
const IOREDIS_COMMAND_TIMED_OUT = "Command timed out";
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
  const limiters = eachShape(shapes, (kind, options) => new MemoryLimiter({ ...options, keyPrefix: kind }));
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
 * The outage's log lines. From the first count made in memory, Redis is
 * probed with a write that expires at once, straight away and then each
 * second (a link that dropped, one that hung, and a Redis that answers PING
 * but refuses writes alike), and the counts go to Redis again as soon as one
 * is taken. A link that is not up, or a probe refused, is an outage at once
 * (rate_limit.redis_unavailable, with the refusal). A link that is up but left a count
 * unanswered is one only if no probe is answered within OUTAGE_CONFIRM_MS,
 * the last of them sent as the window ends:
 * a process whose event loop was held (a cold start under load) reads
 * Redis's answer late though Redis answered, and that is logged as what it
 * was (rate_limit.redis_late, info). An outage's end: rate_limit.redis_back.
 */
function outageLog(client: Redis, url: string) {
  const where = redactedUrl(url);
  let down: { since: number; confirmed: boolean } | null = null;
  let lastError = "";
  let watch: NodeJS.Timeout | undefined;
  let confirm: NodeJS.Timeout | undefined;
  // ioredis reports each failed reconnection here; without a listener it writes them to the console.
  client.on("error", (error: Error) => {
    lastError = error.message;
  });
  const stopWatching = () => {
    clearInterval(watch);
    clearTimeout(confirm);
  };
  client.once("end", stopWatching);
  const unavailable = (probeError?: string) => {
    // A client closed on purpose (shutdown, the limits rebuilt) is no outage.
    if (!down || down.confirmed || client.status === "end") return;
    down.confirmed = true;
    // The link's state says which: "ready" with no answer is a Redis that hangs; "reconnecting", one that is gone.
    log.warn("rate_limit.redis_unavailable", "Redis did not answer: each instance counts its rate limits in its own memory until it does", {
      redis: where,
      link: client.status,
      ...(lastError && { lastError }),
      ...(probeError && { probeError }),
    });
  };
  const back = () => {
    if (!down) return;
    stopWatching();
    const { since, confirmed } = down;
    const inMemoryMs = Date.now() - since;
    down = null;
    lastError = "";
    if (confirmed) {
      log.info("rate_limit.redis_back", "Redis answers again: the rate limits count there, shared by every instance", { redis: where });
    } else {
      log.info(
        "rate_limit.redis_late",
        `A count had no answer from Redis within ${REDIS_ANSWER_MS} ms on a link that is up (this process busy, or Redis slow): counted in memory until a probe was answered`,
        { redis: where, inMemoryMs },
      );
    }
  };
  // A probe refused (the link is down, or Redis refuses writes) is an outage at once; one unanswered,
  // only if it is the deciding probe, sent as the window ends: its answer, unlike the earlier ones',
  // cannot be left unread by a hold of this process's loop within the window.
  const probe = (deciding = false) =>
    void client.set(`${REDIS_KEY_PREFIX}:probe`, "1", "PX", 1_000).then(back, (error: Error) => {
      if (deciding || error.message !== IOREDIS_COMMAND_TIMED_OUT) unavailable(error.message);
    });
  return {
    isDown: () => down !== null,
    counted: () => {
      if (down || client.status === "end") return;
      down = { since: Date.now(), confirmed: false };
      if (client.status === "ready") {
        confirm = setTimeout(() => probe(true), OUTAGE_CONFIRM_MS);
        confirm.unref();
      } else {
        unavailable();
      }
      probe();
      watch = setInterval(probe, 1_000);
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
class InsuranceLimiter extends MemoryLimiter {
  constructor(
    options: IRateLimiterOptions,
    private readonly counted: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<MemoryLimiter["consume"]>) {
    this.counted();
    return super.consume(...args);
  }

  override get(...args: Parameters<MemoryLimiter["get"]>) {
    this.counted();
    return super.get(...args);
  }
}
