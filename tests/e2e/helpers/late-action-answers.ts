import type { Page } from "@playwright/test";

/**
 * Makes the page hear every server action's answer `ms` after the network
 * brought it, as a slow phone or a busy tab would: the window in which a
 * form shows "Saving…" is then long enough to act in, the same on every
 * machine. Must be called before the page loads (an init script wraps fetch,
 * which the router's action calls go through).
 */
export async function delayActionAnswers(page: Page, ms: number): Promise<void> {
  await page.addInitScript((delay) => {
    const sent = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await sent(input, init);
      if (new Headers(init?.headers).has("next-action")) await new Promise((heard) => setTimeout(heard, delay));
      return response;
    };
  }, ms);
}
