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
 * axe-core with every rule on what the page shows now: the violations, of
 * any impact, one line each ("id (impact): help at targets"); [] when clean.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Only violations are gathered: the passes' details cost time on long pages.
  const results = await new AxeBuilder({ page }).options({ rules: EVERY_RULE, resultTypes: ["violations"] }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
