/**
 * The checkout for a browser without JavaScript: what its page shows on a
 * GET (the cart at the store's prices, a signed-in shopper's details) and
 * after a post that placed nothing (app/checkout-page/without-javascript).
 * The post itself goes through placeOrderFromForm, as the server action's.
 */
import "server-only";
import type { PricedDiscount } from "@/lib/orders/checkout-state";
import { log } from "@/lib/log";
import { randomUUID } from "node:crypto";
import { currentUser } from "@/lib/auth/session";
import { thisRequest } from "@/lib/cart/this-request";
import { isStoreError } from "@/lib/data/contract/errors";
import { EMPTY_CHECKOUT_VALUES, type CheckoutErrors, type CheckoutValues } from "@/lib/orders/checkout-fields";
import { checkoutSummary } from "@/lib/orders/checkout-lines";
import { orderingStore } from "@/lib/orders/ordering-store";
import { CHECKOUT_MESSAGES } from "@/lib/orders/place-order";
import { returningShopper } from "@/lib/orders/returning-shopper";
import { checkoutPageWithoutJavascript } from "./checkout-page";

interface CheckoutNews {
  values: CheckoutValues | null;
  errors: CheckoutErrors;
  problem: string | null;
  lineProblems: Record<string, string>;
  status: number;
  /** The discount code as the last post priced it (null: none priced). */
  discount?: PricedDiscount | null;
}

const NO_NEWS: CheckoutNews = { values: null, errors: {}, problem: null, lineProblems: {}, status: 200 };

/**
 * The checkout page of this request, with what the last post said (`news`);
 * a fresh idempotency key each time. A signed-in shopper's fields start from
 * the saved address `chosenId` names (the page's `?address=`), else their
 * default one, else their newest order, unless the post sent values back.
 */
export async function checkoutPageOfRequest(news: CheckoutNews = NO_NEWS, chosenId: string | null = null): Promise<Response> {
  const idempotencyKey = randomUUID();
  try {
    const store = await orderingStore();
    const owner = await thisRequest.owner({ create: false });
    const summary = await checkoutSummary(store, owner);
    const user = owner?.startsWith("user:") ? await currentUser() : null;
    const shopper = user && summary.lines.length > 0 ? await returningShopper(store, user, chosenId) : null;
    return checkoutPageWithoutJavascript({
      summary,
      values: news.values ?? { ...EMPTY_CHECKOUT_VALUES, ...shopper?.values },
      savedAddresses: shopper && shopper.choices.length > 0 ? { choices: shopper.choices, chosenId: shopper.chosenId } : null,
      canSaveAddress: shopper !== null,
      errors: news.errors,
      problem: news.problem,
      lineProblems: news.lineProblems,
      idempotencyKey,
      status: news.status,
      discount: news.discount ?? null,
    });
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn(
      "checkout.no_js_store_unavailable",
      "The checkout without JavaScript could not be shown: the store is unavailable",
      undefined,
      error,
    );
    return checkoutPageWithoutJavascript({
      summary: null,
      values: news.values ?? EMPTY_CHECKOUT_VALUES,
      savedAddresses: null,
      canSaveAddress: false,
      errors: {},
      problem: CHECKOUT_MESSAGES.unavailable,
      lineProblems: {},
      idempotencyKey,
      status: 503,
      discount: null,
    });
  }
}
