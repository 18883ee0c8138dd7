/**
 * A Cache-Control value split between browsers and CDNs. Next answers a
 * cached page, and the RSC payload a client navigation fetches, with
 * `s-maxage=N, stale-while-revalidate=M`, meant for a CDN. No standard
 * directive keeps stale-while-revalidate to shared caches, and a browser
 * honours it: a navigation to a product page the browser had fetched before
 * was answered from its own cache, stale, for up to M seconds (the old name,
 * price and photos after an admin's edit), while the fresh answer only
 * refilled that cache behind it. Next's own split (#86554) was reverted.
 *
 * The rule: a value with stale-while-revalidate keeps, for browsers, its
 * other directives with max-age=0 (a browser asks again every time, as a
 * page without it did), and says the shared caching again, with the
 * stale-while-revalidate, as CDN-Cache-Control (RFC 9213), which CDNs read
 * instead of Cache-Control and browsers ignore. A value without it is left
 * as it is.
 */

export interface CacheControlSplit {
  /** What Cache-Control keeps: nothing a browser may serve stale. */
  browser: string;
  /** CDN-Cache-Control: the shared caching, as a CDN reads it. */
  cdn: string;
}

const directiveName = (directive: string) => directive.split("=")[0].trim().toLowerCase();

/** `value` split between browsers and CDNs; null when no directive lets a browser serve it stale. */
export function cacheControlForBrowsers(value: string): CacheControlSplit | null {
  const directives = value
    .split(",")
    .map((directive) => directive.trim())
    .filter(Boolean);
  const stale = directives.filter((directive) => directiveName(directive) === "stale-while-revalidate");
  if (stale.length === 0) return null;
  const rest = directives.filter((directive) => directiveName(directive) !== "stale-while-revalidate");
  const withoutMaxAge = rest.filter((directive) => directiveName(directive) !== "max-age");
  const sharedAge =
    rest.find((directive) => directiveName(directive) === "s-maxage") ?? rest.find((directive) => directiveName(directive) === "max-age");
  const sharedSeconds = sharedAge?.split("=")[1]?.trim() ?? "0";
  const browser = ["max-age=0", ...withoutMaxAge].join(", ");
  const cdn = [`max-age=${sharedSeconds}`, ...stale].join(", ");
  return { browser, cdn };
}
