import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page is hydrated and its cart state has the server's cart:
 * the header's cart link says so (components/cart/cart-link.tsx). A form used
 * before then may be submitted before React owns it.
 */
export const pageReady = (page: Page) => expect(page.locator('header a[href="/cart-page"]')).toHaveAttribute("data-loaded", "");
