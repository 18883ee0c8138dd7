/**
 * A stored product, and its stock, as the product form's fields show them.
 * Its own file, with type imports only, because the admin's edit form runs
 * it in the browser: product-form.ts brings the store's validation (zod)
 * with it.
 */
import type { StockCount } from "@/lib/data/contract/order-store";
import type { NewProduct } from "@/lib/data/contract/catalog";
import { centsAsDecimal } from "@/lib/money";
import type { ProductFormValues } from "./product-form";
import { PRODUCT_FIELD_NAMES, PRODUCT_FORM_FIELDS } from "./product-form-fields";

/** A stock as the stock field shows it: blank when not tracked. */
export function stockText(stock: StockCount): string {
  return stock === null ? "" : String(stock);
}

/**
 * The form's values for a product (the price in dollars with two decimals,
 * as typed; its images as the form's rows, none added yet) and its stock.
 */
export function productFormValues(product: NewProduct, stock: StockCount): ProductFormValues {
  const fields = Object.fromEntries(
    PRODUCT_FIELD_NAMES.filter((field) => field !== "images").map((field) => [
      PRODUCT_FORM_FIELDS[field].formField,
      String(product[field]),
    ]),
  );
  return {
    ...fields,
    productImage: "",
    productImageAlt: "",
    images: product.images,
    productPrize: centsAsDecimal(product.priceCents),
    productStock: stockText(stock),
  } as ProductFormValues;
}
