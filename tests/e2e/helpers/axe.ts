import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createRequire } from "node:module";
import { join } from "node:path";

// Every rule of the axe-core that @axe-core/playwright injects, those off by
// default too (experimental ones such as label-content-name-mismatch,
// deprecated ones, target-size), but for the three that test WCAG AAA only
// (enhanced contrast and the like): the shop's target is WCAG 2.2 A and AA
// and best practice.
const axeCore: { getRules: () => Array<{ ruleId: string; tags: string[] }> } = createRequire(
  createRequire(join(process.cwd(), "package.json")).resolve("@axe-core/playwright"),
)("axe-core");
const EVERY_RULE = Object.fromEntries(
  axeCore
    .getRules()
    .filter((rule) => !rule.tags.some((tag) => /^wcag2\d*aaa$/.test(tag)))
    .map((rule) => [rule.ruleId, { enabled: true }]),
);

/**
 * Whether every frame of the page has the page's origin. axe then runs in the
 * page and its frames, which answer it through axe's own frame messages
 * (AxeBuilder's legacy mode), and finds the same violations, same-origin frames
 * included. Its default mode exists for cross-origin frames: it gathers each
 * frame's part and joins them in a blank page of its own, which cost 2-3 times
 * the CPU of the scan (home: 5.1 against 1.8 CPU-seconds).
 */
function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    if (url === "about:blank" || url === "about:srcdoc") return true;
    // A frame with no address yet, or one axe's frame messages may not reach, takes the default mode.
    return URL.canParse(url) && new URL(url).origin === origin;
  });
}

/**
 * axe-core with every rule on what the page shows now: the violations, of
 * any impact, one line each ("id (impact): help at targets"); [] when clean.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const sameOrigin = framesShareOrigin(page);
  if (!sameOrigin) console.log(`axe: ${page.url()} has a cross-origin frame: scanned in axe's cross-origin mode`);
  // Only violations are gathered: the passes' details cost time on long pages.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(sameOrigin)
    .options({ rules: EVERY_RULE, resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
