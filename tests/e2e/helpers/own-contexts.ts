import type { Browser, BrowserContext, BrowserContextOptions, TestType } from "@playwright/test";

/**
 * Browser contexts a spec opens itself (`browser.newContext`), closed after
 * each test: Playwright closes only the contexts of its own fixtures, and a
 * page left open keeps its live streams, catch-up refreshes and prefetches
 * running through every later test of the pass (CPU the other tests need,
 * and requests in their traces).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ownContexts(test: TestType<any, any>): (browser: Browser, options?: BrowserContextOptions) => Promise<BrowserContext> {
  const opened: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });
  return async (browser, options) => {
    const context = await browser.newContext(options);
    opened.push(context);
    return context;
  };
}
