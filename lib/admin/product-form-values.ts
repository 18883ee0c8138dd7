/**
 * A stored product as the product form's fields show it. Its own file, with
 * type imports only, because the admin's edit form runs it in the browser:
 * product-form.ts brings the store's validation (zod) with it.
 */
import type { NewProduct } from "@/lib/data/types";
import type { ProductFormValues } from "./product-form";

/** The form's values for a product (the price with two decimals). */
export function productFormValues(product: NewProduct): ProductFormValues {
  return {
    productName: product.name,
    productImage: product.image,
    productPrize: product.price.toFixed(2),
    productDetails: product.details,
    productType: product.type,
  };
}
