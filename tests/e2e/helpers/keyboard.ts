import type { Locator, Page } from "@playwright/test";

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab"): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`60 presses of ${key} never reached ${target}`);
}
