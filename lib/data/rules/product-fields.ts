import { PRODUCT_FIELDS, type NewProduct } from "../contract/catalog";

/** The editable fields of a product (no id, no createdAt), as a recorded change keeps them: the contract's list. */
export function productFields(product: NewProduct): NewProduct {
  return Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, product[field]])) as NewProduct;
}
