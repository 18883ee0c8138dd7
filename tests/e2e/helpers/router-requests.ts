import type { Page, Request } from "@playwright/test";

/**
 * The page's router requests: navigations, refreshes and server actions
 * (RSC or action headers), not prefetches, whose failure Next ignores. A
 * router request that fails on its way makes Next load the page anew, so a
 * spec that cuts the network first waits until the router awaits none.
 *
 * Next's router can drop a refresh's answer without reading its body to the
 * end (a later refresh supersedes it): the request then stays open in the
 * browser, with neither requestfinished nor requestfailed, until a garbage
 * collection releases its stream, tens of seconds later, though the shop
 * sent it whole within 2 s. So `awaited()` first collects the page's garbage
 * (Chromium's DevTools protocol); what stays open is what the router still
 * reads, the only requests whose failure it would act on.
 */
export function watchRouterRequests(page: Page): { awaited(): Promise<string[]>; started(): string[] } {
  /** Each request on its way: when it was sent, and when its response's headers came (with their status). */
  const open = new Map<Request, { sentAt: number; answered?: { at: number; status: number } }>();
  const started: string[] = [];
  const isRouterRequest = (request: Request) => {
    const headers = request.headers();
    return Boolean(headers["next-action"]) || (headers["rsc"] === "1" && !headers["next-router-prefetch"]);
  };
  const name = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  page.on("request", (request) => {
    if (!isRouterRequest(request)) return;
    open.set(request, { sentAt: Date.now() });
    started.push(name(request));
  });
  page.on("response", (response) => {
    const sent = open.get(response.request());
    if (sent) sent.answered = { at: Date.now(), status: response.status() };
  });
  const settle = (request: Request) => open.delete(request);
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return {
    // Each with how long it has been on its way and whether its answer began: a server still
    // rendering, or a body that never ended, tells a failure's reader where it stuck.
    awaited: async () => {
      if (open.size > 0) await collectGarbage(page);
      return [...open].map(([request, { sentAt, answered }]) => {
        const answer = answered ? `${answered.status} after ${seconds(answered.at - sentAt)}, body not ended` : "no answer yet";
        return `${name(request)} (sent ${seconds(Date.now() - sentAt)} ago; ${answer})`;
      });
    },
    started: () => [...started],
  };
}

/**
 * A full garbage collection in the page's renderer. A stream it releases ends
 * its request (the event may come just after: callers poll); a request whose
 * answer is still arriving is held by its loader and stays open.
 */
async function collectGarbage(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("HeapProfiler.collectGarbage");
  } finally {
    await session.detach();
  }
}
