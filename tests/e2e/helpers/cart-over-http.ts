/**
 * A cart set up over HTTP in a page's browser context: the Add to Cart
 * button's own server action, posted with the context's cookies (Playwright's
 * context.request shares them both ways), so the page the test opens next
 * shows the cart as if the shopper had clicked. For specs whose subject comes
 * after the add (the checkout, payments, stock, the address book): the add
 * through the page, with its toast and live count, is cart.spec.ts's subject,
 * and a product page costs the browser about a CPU-second to load
 * (docs/SCRIPTS.md).
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { baseURL } from "../../../playwright.config";
import { addToCartActionId, type AddResult } from "./cart-load";
import { callAction } from "./server-actions";

/** A fetch that sends through the context's request client: its cookies go out, and the answer's Set-Cookie lands in the context. */
function contextFetch(context: BrowserContext) {
  return async (url: URL, init: RequestInit): Promise<Response> => {
    const answer = await context.request.fetch(url.toString(), {
      method: init.method,
      headers: init.headers as Record<string, string>,
      data: init.body as string,
      maxRedirects: 0,
    });
    const headers = new Headers(answer.headersArray().map(({ name, value }): [string, string] => [name, value]));
    return new Response(new Uint8Array(await answer.body()), { status: answer.status(), headers });
  };
}

/** Adds `productId` to the cart of `page`'s context `times` times, each acknowledged by the shop before the next. */
export async function addToCartOverHttp(page: Page, productId: string, times = 1): Promise<void> {
  const id = addToCartActionId();
  for (let i = 0; i < times; i++) {
    const answer = await callAction<AddResult>({ baseURL, id, args: [productId], fetch: contextFetch(page.context()) });
    expect(answer.result, `add ${productId}: HTTP ${answer.status} ${answer.text?.slice(0, 200) ?? ""}`).toMatchObject({ ok: true });
  }
}
