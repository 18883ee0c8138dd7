import "server-only";
import { getStore } from "@/lib/data";
import { currentProducts } from "./catalogue-lookup";
import { currentCartOwner } from "./owner";
import type { CartRequest } from "./request-cart";

/**
 * This request's cart: the owner from its session or guest cookie (a
 * signed-in shopper's leftover guest cart settled first, owner.ts), the
 * process's store, the catalogue of now. Used by the cart's server actions
 * and by the forms posted without JavaScript.
 */
export const thisRequest: CartRequest = {
  owner: (options) => currentCartOwner({ ...options, settle: true }),
  store: getStore,
  products: currentProducts,
};
