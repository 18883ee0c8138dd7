/**
 * Expires catalogue tags in this server process's page cache from outside a
 * request (the store's change feed, the process's start), through Next's
 * documented interface only: the process asks its own revalidation route
 * (app/api/revalidate/route.ts), whose revalidateTag runs inside a request
 * as Next requires. The request carries a token only this process knows,
 * made at start and kept on globalThis (Next bundles the route and the feed
 * separately). The 'use cache' entries are expired before that, at once, in
 * the shop's own handler (cache-handlers/tag-state.mjs).
 */
import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { serverEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { processStopping } from "@/lib/process-stop";
import { inSpan } from "@/lib/tracing/span";

/** The header the process's own revalidation requests carry their token in. */
const PROCESS_TOKEN_HEADER = "x-storefront-process-token";

const TOKEN_KEY = Symbol.for("storefront.process-token");
type GlobalWithToken = typeof globalThis & { [TOKEN_KEY]?: string };

function processToken(): string {
  const g = globalThis as GlobalWithToken;
  g[TOKEN_KEY] ??= randomBytes(32).toString("base64url");
  return g[TOKEN_KEY];
}

/** Whether a request carries this process's token. */
export function isFromThisProcess(headers: Headers): boolean {
  const given = Buffer.from(headers.get(PROCESS_TOKEN_HEADER) ?? "");
  const expected = Buffer.from(processToken());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** How long a start-up expiry keeps trying while the server is not listening yet. */
const START_RETRY_MS = 100;
const START_TRIES = 600;

/**
 * Asks this process's revalidation route to expire `tags`. `untilListening`
 * retries a refused connection (the server starting) for up to a minute.
 * Once the process has been asked to stop (lib/process-stop.ts) a request
 * not sent, or one that fails, is skipped with an info line: the page cache
 * it would expire is this process's own, and the next process expires the
 * whole catalogue as it starts (expireCatalogFromBeforeThisProcess), every
 * cached catalogue read carrying CATALOG_TAG.
 */
export function expireInThisProcess(tags: readonly string[], options: { untilListening?: boolean } = {}): Promise<void> {
  return inSpan("cache expire", { "storefront.cache.tags": tags.length, "storefront.cache.how": "change feed" }, () =>
    askThisProcessToExpire(tags, options),
  );
}

async function askThisProcessToExpire(tags: readonly string[], { untilListening = false }: { untilListening?: boolean }): Promise<void> {
  const url = `http://127.0.0.1:${serverEnv().PORT}/api/revalidate`;
  for (let attempt = 1; ; attempt++) {
    if (processStopping()) return skippedWhileStopping(tags);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { [PROCESS_TOKEN_HEADER]: processToken(), "content-type": "application/json" },
        body: JSON.stringify({ tags }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the revalidation route answered ${response.status}`);
      return;
    } catch (error) {
      if (processStopping()) return skippedWhileStopping(tags);
      const refused = (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
      if (!untilListening || !refused || attempt >= START_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
    }
  }
}

function skippedWhileStopping(tags: readonly string[]): void {
  log.info("catalog.expire_skipped_stopping", "This process is stopping: its own page cache is not expired", { tags: tags.length });
}
