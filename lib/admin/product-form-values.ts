/**
 * A stored product, and its stock, as the product form's fields show them.
 * Its own file, with type imports only, because the admin's edit form runs
 * it in the browser: product-form.ts brings the store's validation (zod)
 * with it.
 */
import type { StockCount } from "@/lib/data/order-types";
import type { NewProduct } from "@/lib/data/types";
import type { ProductFormValues } from "./product-form";

/** A stock as the stock field shows it: blank when not tracked. */
export function stockText(stock: StockCount): string {
  return stock === null ? "" : String(stock);
}

/** The form's values for a product (the price with two decimals) and its stock. */
export function productFormValues(product: NewProduct, stock: StockCount): ProductFormValues {
  return {
    productName: product.name,
    productImage: product.image,
    productPrize: product.price.toFixed(2),
    productDetails: product.details,
    productType: product.type,
    productStock: stockText(stock),
  };
}
