// Types of redis-server.mjs for the TypeScript tests (tests/rate-limit-redis.test.ts).

export declare const HOW_TO_GET_REDIS: string;
export declare function ensureRedisServer(options?: { log?: (line: string) => void }): boolean;
export declare function startRedisServer(options?: {
  port?: number;
  timeoutMs?: number;
}): Promise<{ url: string; port: number; pid: number; stop: () => Promise<void> }>;
