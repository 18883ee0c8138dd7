import { log } from "@/lib/log";
import { shippingEstimate } from "@/lib/orders/shipping-quote";
import { cookies } from "next/headers";
import { connection } from "next/server";
import { isLeftOutMessage } from "@/lib/cart/left-out-notice";
import { leftOutNoticeCookie } from "@/lib/cookies";
import { applyCartForm, isCartFormOutcome } from "@/lib/cart/form-post";
import { parseProductId } from "@/lib/data/contract/catalog";
import { readLineStock } from "@/lib/cart/line-stock";
import { ownerCart } from "@/lib/cart/service";
import { thisRequest } from "@/lib/cart/this-request";
import { CART_WITHOUT_JAVASCRIPT_PATH } from "@/lib/cart/without-javascript";
import { isStoreError } from "@/lib/data/contract/errors";
import { cartPageWithoutJavascript, type CartFormReport } from "@/lib/no-script/cart-page";
import { refuseUngatedForm } from "@/lib/security/gated-form-post";

/**
 * The cart for a browser without JavaScript (lib/cart/without-javascript.ts).
 * A posted form (same origin, size and rate gates as a server action:
 * proxy.ts; any other body is refused here, 415) changes the cart and is answered 303 with this page again,
 * which says what happened: reloading it never posts twice.
 */

export async function POST(request: Request): Promise<Response> {
  const refused = refuseUngatedForm(request, "the cart's form");
  if (refused) return refused;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return seeOther(resultPath("invalid_input", null));
  }
  const outcome = await applyCartForm(thisRequest, form);
  const productId = form.get("productId");
  return seeOther(resultPath(outcome, typeof productId === "string" ? productId : null));
}

export async function GET(request: Request): Promise<Response> {
  // Per request: next-auth's session lookup draws random bytes before it reads cookies.
  await connection();
  const report = await reportOf(new URL(request.url).searchParams);
  try {
    const store = await thisRequest.store();
    // Settles a leftover guest cart first (lib/cart/owner.ts), which may leave the left-out notice.
    const items = await ownerCart(store, await thisRequest.owner({ create: false }), thisRequest.products);
    const [stock, shipping] = await Promise.all([readLineStock(store, items), items.length > 0 ? store.getShippingZones() : null]);
    return cartPageWithoutJavascript(items, report, {
      stock,
      leftOut: await takeLeftOutNotice(),
      shippingNote: shipping ? shippingEstimate(shipping.zones) : null,
    });
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    return cartPageWithoutJavascript(null, report);
  }
}

/**
 * The notice of guest lines a merge had no room for (lib/cart/left-out-notice.ts),
 * set by this request or an earlier one; deleted as it is shown, so it is said once.
 */
async function takeLeftOutNotice(): Promise<string | null> {
  const jar = await cookies();
  const { name, options } = leftOutNoticeCookie();
  const message = jar.get(name)?.value;
  if (message === undefined) return null;
  jar.delete({ name, path: options.path });
  return isLeftOutMessage(message) ? message : null;
}

/** A relative Location: right behind any proxy, whatever Host it forwards. */
function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

function resultPath(outcome: string, productId: string | null): string {
  const query = new URLSearchParams({ result: outcome });
  const id = parseProductId(productId);
  if (id) query.set("product", id);
  return `${CART_WITHOUT_JAVASCRIPT_PATH}?${query}`;
}

/** The report a redirect carries; an unknown result or product id is left out, never shown as typed. */
async function reportOf(params: URLSearchParams): Promise<CartFormReport | null> {
  const outcome = params.get("result");
  if (!isCartFormOutcome(outcome)) return null;
  const id = parseProductId(params.get("product"));
  if (!id) return { outcome, productName: null };
  try {
    return { outcome, productName: (await thisRequest.products([id]))(id)?.name ?? null };
  } catch (error) {
    // The page still says what happened, without the name; the cart read below reports the store's state.
    log.error("cart.page_name_lookup_failed", "Could not look up a product's name for the cart page", error);
    return { outcome, productName: null };
  }
}
