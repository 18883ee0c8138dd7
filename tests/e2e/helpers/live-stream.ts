/**
 * A raw live stream (/api/events) as an open tab holds it, for specs that
 * check what the server sends without a browser.
 */
import { expect } from "@playwright/test";
import { LIVE_EVENTS_PATH, type CartSnapshot } from "../../../lib/live/protocol";

/** Opens a stream (with these cookies, if any) and resolves with its first `cart` event; `close` ends the stream. */
export async function openLiveStream(baseURL: string, cookie?: string): Promise<{ cart: CartSnapshot; close: () => void }> {
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
    return { cart, close: () => controller.abort() };
  } catch (error) {
    controller.abort();
    throw error;
  }
}
