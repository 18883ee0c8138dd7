import type { RefreshUntilCurrentOptions } from "@/lib/live/refresh-until-current";

/**
 * How a tab reports a refresh that did not bring its page up to what the
 * live stream announced (lib/live/refresh-until-current.ts): in its console,
 * which a trace of a failed browser test shows beside the page's requests.
 */
export function refreshReports(page: string): Pick<RefreshUntilCurrentOptions, "onRepeat" | "onGiveUp"> {
  return {
    onRepeat: (attempt) => console.info(`${page}: still behind its live stream after a refresh; refreshing again (repeat ${attempt})`),
    onGiveUp: () => console.warn(`${page}: still behind its live stream after every repeated refresh; the next event tries again`),
  };
}
