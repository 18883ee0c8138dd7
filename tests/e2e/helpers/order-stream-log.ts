/**
 * What an open order page's live stream did, as the tab saw it: each stream
 * it opened (with its HTTP status), each `order` event it heard and each
 * error, plus the page's own console lines (refresh repeats), in order with
 * their time. A spec prints it when a step did not show, so a failure says
 * whether the stream announced the step and the refresh came back behind,
 * or nothing was announced. Call before the page loads.
 */
import type { Page } from "@playwright/test";
import { ORDER_PAGE_EVENT } from "../../../lib/live/order-page-protocol";

const MARK = "[order stream]";

export async function logOrderStream(page: Page): Promise<() => string> {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on("console", (message) => lines.push(`${at()} console: ${message.text()}`));
  page.on("response", (response) => {
    if (/\/api\/orders\/[^/]+\/events/.test(response.url())) lines.push(`${at()} stream answered ${response.status()}`);
  });
  await page.addInitScript(
    ({ mark, event }) => {
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          if (!String(url).includes("/api/orders/")) return;
          console.info(`${mark} opened`);
          this.addEventListener(event, (heard) => console.info(`${mark} heard ${(heard as MessageEvent<string>).data}`));
          this.addEventListener("error", () => console.info(`${mark} error, readyState ${this.readyState}`));
        }
      };
    },
    { mark: MARK, event: ORDER_PAGE_EVENT.order },
  );
  return () => lines.join("\n") || "(nothing)";
}
