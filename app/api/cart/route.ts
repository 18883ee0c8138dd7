import { currentCartOwner } from "@/lib/cart/owner";
import { ownerCart } from "@/lib/cart/service";
import { getStore } from "@/lib/data";

/**
 * The current visitor's cart, for the browser's cart store. Read-only: a
 * guest without a cart gets an empty one and no cookie.
 */
export async function GET() {
  const owner = await currentCartOwner({ create: false });
  const items = await ownerCart(await getStore(), owner);
  return Response.json(
    { items, hasOwner: owner !== null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
