/**
 * A raw live stream (/api/events) as an open tab holds it, for specs that
 * check what the server sends without a browser.
 */
import { expect, type Page } from "@playwright/test";
import type { CartSnapshot } from "../../../lib/cart/cart-snapshot";
import { isStale, oldestShownVersion, type ShownPart } from "../../../lib/live/catalog-catch-up";
import {
  CATALOG_TAGS_ATTRIBUTE,
  CATALOG_VERSION_ATTRIBUTE,
  LIVE_EVENTS_PATH,
  SINCE_PARAM,
  parseCatalogEvent,
} from "../../../lib/live/protocol";

/**
 * Opens a stream (with these cookies, if any) and resolves with its first
 * `cart` event and the catalogue version its `ready` announced; `close` ends
 * the stream.
 */
export async function openLiveStream(
  baseURL: string,
  cookie?: string,
  since?: number,
): Promise<{ cart: CartSnapshot; catalogVersion: string | null; ready: ReturnType<typeof parseCatalogEvent>; close: () => void }> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream", ...(cookie && { cookie }) };
  const query = since === undefined ? "" : `?${SINCE_PARAM}=${since}`;
  try {
    const response = await fetch(`${baseURL}${LIVE_EVENTS_PATH}${query}`, { headers, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    while (!/event: cart\ndata: .*\n/.test(buffer)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before its cart event:\n${buffer}`);
      buffer += decoder.decode(value, { stream: true });
    }
    const cart = JSON.parse(/event: cart\ndata: (.*)\n/.exec(buffer)![1]) as CartSnapshot;
    const ready = /event: ready\ndata: (.*)\n/.exec(buffer);
    const parsed = ready ? parseCatalogEvent(ready[1]) : null;
    return { cart, catalogVersion: parsed ? String(parsed.catalogVersion) : null, ready: parsed, close: () => controller.abort() };
  } catch (error) {
    controller.abort();
    throw error;
  }
}

/** The page's marked catalogue parts, as lib/live/catalog-catch-up.ts reads them. */
async function shownParts(page: Page): Promise<ShownPart[]> {
  return page.evaluate(
    ([versionAttribute, tagsAttribute]) =>
      [...document.querySelectorAll(`[${versionAttribute}]`)].map((mark) => ({
        version: Number(mark.getAttribute(versionAttribute)),
        tags: (mark.getAttribute(tagsAttribute) ?? "").split(" ").filter(Boolean),
      })),
    [CATALOG_VERSION_ATTRIBUTE, CATALOG_TAGS_ATTRIBUTE],
  );
}

/**
 * Whether no catalogue change the server knows of touched a part the page
 * shows after that part's version: no catch-up refresh is due or on its way.
 */
export async function pageShowsCatalogueNow(page: Page, baseURL: string): Promise<boolean> {
  const parts = await shownParts(page);
  const since = oldestShownVersion(parts);
  if (since === null) return true;
  const stream = await openLiveStream(baseURL, undefined, since);
  stream.close();
  const ready = stream.ready;
  if (!ready) return false;
  return !parts.some((part) => isStale(part, ready.changes, ready.catalogVersion));
}
