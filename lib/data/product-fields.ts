import type { NewProduct } from "./types";

/** The editable fields of a product (no id, no createdAt), as a recorded change keeps them. */
export function productFields(product: NewProduct): NewProduct {
  return { name: product.name, image: product.image, price: product.price, details: product.details, type: product.type };
}
