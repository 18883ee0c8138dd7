import type { Page, Request } from "@playwright/test";

/**
 * The page's router requests: navigations, refreshes and server actions
 * (RSC or action headers), not prefetches, whose failure Next ignores. A
 * router request that fails on its way makes Next load the page anew, so a
 * spec that cuts the network first waits until none is on its way.
 */
export function watchRouterRequests(page: Page): { inFlight(): string[]; started(): string[] } {
  const open = new Set<Request>();
  const started: string[] = [];
  const isRouterRequest = (request: Request) => {
    const headers = request.headers();
    return Boolean(headers["next-action"]) || (headers["rsc"] === "1" && !headers["next-router-prefetch"]);
  };
  page.on("request", (request) => {
    if (!isRouterRequest(request)) return;
    open.add(request);
    started.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  const settle = (request: Request) => open.delete(request);
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  return {
    inFlight: () => [...open].map((request) => `${request.method()} ${new URL(request.url()).pathname}`),
    started: () => [...started],
  };
}
