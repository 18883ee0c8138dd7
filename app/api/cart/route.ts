import type { CartSnapshot } from "@/lib/cart/cart-snapshot";
import { currentCartOwner } from "@/lib/cart/owner";
import { currentProducts } from "@/lib/cart/catalogue-lookup";
import { ownerCart } from "@/lib/cart/service";
import { storeUnavailableJson } from "@/lib/cart/unavailable-response";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/contract/errors";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The current visitor's cart as a CartSnapshot (lib/cart/cart-snapshot.ts,
 * the same shape the live stream's `cart` event carries), for the browser's
 * cart state. A guest without a cart gets an empty one and no cookie; a
 * signed-in shopper's leftover guest cart is merged first (settleGuestCart,
 * lib/cart/owner.ts). When the session or
 * the cart cannot be read (the store is down), a 503: the browser keeps the
 * cart it shows rather than being told it is empty.
 */
export async function GET() {
  try {
    const owner = await currentCartOwner({ create: false, settle: true });
    const items = await ownerCart(await getStore(), owner, currentProducts);
    const snapshot: CartSnapshot = { items, hasOwner: owner !== null };
    return Response.json(snapshot, { headers: NO_STORE });
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    return storeUnavailableJson();
  }
}
