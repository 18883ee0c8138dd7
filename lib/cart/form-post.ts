import "server-only";
import { addToRequestCart, removeFromRequestCart, setRequestCartQuantity, type CartRequest } from "./request-cart";
import type { CartErrorCode } from "./results";
import { CART_FORM_INTENTS, type CartFormIntent } from "./without-javascript";

/** What a cart form posted without JavaScript did: the page that follows says it in words. */
export type CartFormOutcome = "added" | "increased" | "updated" | "removed" | CartErrorCode;

const CART_FORM_OUTCOMES: readonly CartFormOutcome[] = [
  "added",
  "increased",
  "updated",
  "removed",
  "invalid_input",
  "invalid_quantity",
  "not_found",
  "limit_exceeded",
  "cart_full",
  "out_of_stock",
  "unavailable",
];

/**
 * Applies one posted cart form (fields `intent`, `productId`, and `quantity`
 * for "set") through the same request cart as the server actions, so the
 * same checks, limits and errors hold. A form that names no known intent,
 * or sends a quantity that is not a whole number, changes nothing.
 */
export async function applyCartForm(request: CartRequest, form: FormData): Promise<CartFormOutcome> {
  const intent = form.get("intent");
  const productId = form.get("productId");
  if (!isIntent(intent)) return "invalid_input";
  if (intent === "add") {
    const result = await addToRequestCart(request, productId);
    return result.ok ? (result.created ? "added" : "increased") : result.code;
  }
  if (intent === "set") {
    const result = await setRequestCartQuantity(request, productId, formQuantity(form.get("quantity")));
    return result.ok ? "updated" : result.code;
  }
  const result = await removeFromRequestCart(request, productId);
  return result.ok ? "removed" : result.code;
}

function isIntent(value: unknown): value is CartFormIntent {
  return typeof value === "string" && (CART_FORM_INTENTS as readonly string[]).includes(value);
}

/** "12" → 12; anything else stays as sent, for the quantity's own check to refuse. */
function formQuantity(value: FormDataEntryValue | null): unknown {
  return typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
}

export function isCartFormOutcome(value: string | null): value is CartFormOutcome {
  return value !== null && (CART_FORM_OUTCOMES as readonly string[]).includes(value);
}
