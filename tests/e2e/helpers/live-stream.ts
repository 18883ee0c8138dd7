/**
 * A raw live stream (/api/events) as an open tab holds it, for specs that
 * check what the server sends without a browser.
 */
import { expect } from "@playwright/test";
import type { CartSnapshot } from "../../../lib/cart/cart-snapshot";
import { CATALOG_VERSION_ATTRIBUTE, LIVE_EVENTS_PATH } from "../../../lib/live/protocol";

/**
 * Opens a stream (with these cookies, if any) and resolves with its first
 * `cart` event and the catalogue version its `ready` announced; `close` ends
 * the stream.
 */
export async function openLiveStream(
  baseURL: string,
  cookie?: string,
): Promise<{ cart: CartSnapshot; catalogVersion: string | null; close: () => void }> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream", ...(cookie && { cookie }) };
  try {
    const response = await fetch(`${baseURL}${LIVE_EVENTS_PATH}`, { headers, signal: controller.signal });
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
    const catalogVersion = ready ? ((JSON.parse(ready[1]) as { catalogVersion?: string }).catalogVersion ?? null) : null;
    return { cart, catalogVersion, close: () => controller.abort() };
  } catch (error) {
    controller.abort();
    throw error;
  }
}

/** The catalogue version the server announces now (a fresh stream's `ready`). */
export async function currentCatalogVersion(baseURL: string): Promise<string | null> {
  const stream = await openLiveStream(baseURL);
  stream.close();
  return stream.catalogVersion;
}

/** The version a page's catalogue mark says it was rendered from. */
export const CATALOG_MARK = `[${CATALOG_VERSION_ATTRIBUTE}]`;
