import { expect, type Page } from "@playwright/test";
import { pageReady } from "./page-ready";

/** What a listing's pending line showed while a view was on its way (components/category/listing-navigation.tsx). */
export interface PendingLine {
  text: string | null;
  role: string | null;
  busy: string | null | undefined;
}

/**
 * Follows a view (`follow` sends the form or clicks a page link) and returns
 * what the listing's pending line last showed before the next document
 * replaced it, or null if it never changed. Playwright cannot query a
 * document whose navigation is held, so an observer records each change of
 * the line in sessionStorage, which outlives the document. Once `arrived`
 * matches the address, the new view must not be busy.
 */
export async function shownWhileOnItsWay(page: Page, follow: () => Promise<void>, arrived: RegExp): Promise<PendingLine | null> {
  await page.evaluate(() => {
    sessionStorage.removeItem("listing-pending");
    const line = document.querySelector('[data-testid="listing-pending"]')!;
    new MutationObserver(() => {
      const busy = line.closest("[aria-busy]")?.getAttribute("aria-busy");
      sessionStorage.setItem("listing-pending", JSON.stringify({ text: line.textContent, role: line.getAttribute("role"), busy }));
    }).observe(line, { childList: true, characterData: true, subtree: true });
  });
  await follow();
  await expect(page).toHaveURL(arrived);
  await pageReady(page);
  await expect(page.getByTestId("listing-pending"), "the view that arrived is not busy").toBeEmpty();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("listing-pending") ?? "null") as PendingLine | null);
}
