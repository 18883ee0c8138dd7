/**
 * What a Node server process does as it starts (instrumentation.ts calls
 * it). It checks the configuration, then starts the process-wide catalogue
 * and stock listeners (lib/catalog/changes.ts) so that this instance expires what
 * another one changed, even while no tab has a live stream open here (not during `next build`: the build reads the store once per
 * cached function and must not hold a listener open).
 */
export async function startServerProcess(): Promise<void> {
  const { log } = await import("./lib/log");
  // Before any request: a run setImmediate callback must not keep the others of its batch and their
  // requests (lib/memory/unlink-run-immediates.ts: without it, a process grows with every unique page).
  const { unlinkRunImmediates } = await import("./lib/memory/unlink-run-immediates");
  if (!unlinkRunImmediates()) {
    log.warn(
      "server.immediates_not_unlinked",
      "This Node's Immediate lacks the fields the shop unlinks: run Immediates keep their batch, and memory may grow under load",
      { node: process.version },
    );
  }
  // A bad configuration (lib/env.ts: in any production run the local launcher
  // did not mark local, emulator hosts, demo- projects, no https site URL, no
  // secret) stops the server as it starts, with a message naming each
  // variable, instead of failing the first request that reads it.
  const { serverEnv } = await import("./lib/env");
  if (process.env.NEXT_PHASE === "phase-production-build") {
    serverEnv(); // a throw here fails the build, with the message
    return;
  }
  let env;
  try {
    env = serverEnv();
  } catch (error) {
    // Next only logs a failed hook and goes on serving every request into
    // the same error: stop instead, so the process manager (or Vercel's
    // function log) shows why, once.
    log.error("server.config_invalid", "The configuration is not valid: the server stops", error);
    process.exit(1);
  }
  // Each request gets its id and route for the log lines it causes (lib/log/track-requests.ts).
  const { trackRequests } = await import("./lib/log/track-requests");
  trackRequests(Boolean(env.VERCEL));
  // Self-hosted, each request is stamped with its client's address before
  // Next sees it (the rate limits' key); on Vercel the platform gives it.
  // Requests Next would answer with an error (TRACE, a POST to a file, an
  // image the shop does not hold) are answered before it sees them.
  // Self-hosted, a page's shared caching (stale-while-revalidate) is said to CDNs only, never to
  // browsers (lib/http/cdn-directives.ts); Vercel's CDN answers browsers max-age=0 itself.
  if (!env.VERCEL) {
    (await import("./lib/security/stamp-client-address")).stampClientAddresses(env.TRUSTED_PROXY_HOPS);
    (await import("./lib/security/guard-requests")).guardRequests();
    (await import("./lib/http/cdn-directives")).keepCdnDirectivesFromBrowsers();
  }
  // A stop asked of the process (next start's SIGTERM, SIGINT) lets the feeds' expiries fail quietly as its server closes.
  if (!env.VERCEL) (await import("./lib/process-stop")).watchForProcessStop();
  const { catalogChanges, expireCatalogFromBeforeThisProcess, holdCacheReadsForTheFeed, stockShownChanges } =
    await import("./lib/catalog/changes");
  // Next runs this hook inside the process's first request: what it starts
  // lives on after that request and logs under no request's id.
  const { outsideAnyRequest } = await import("./lib/log/request-context");
  outsideAnyRequest(() => {
    holdCacheReadsForTheFeed();
    expireCatalogFromBeforeThisProcess();
    // Not awaited: a store that is down must not keep the server from starting;
    // the first live stream tries again.
    catalogChanges().catch((error: unknown) => log.error("catalog.listener_start_failed", "Could not start the catalogue listener", error));
    stockShownChanges().catch((error: unknown) => log.error("stock.listener_start_failed", "Could not start the stock listener", error));
  });
}
