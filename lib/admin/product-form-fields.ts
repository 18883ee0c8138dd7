/**
 * Each product field (the contract's NewProduct, whose keys must all be here)
 * as the admin form names it (the spec's ids) and as the change history
 * labels it. Zod-free, so the edit form can run what reads it in the browser.
 */
import type { NewProduct } from "@/lib/data/contract/catalog";

export const PRODUCT_FORM_FIELDS = {
  name: { formField: "productName", label: "Name" },
  image: { formField: "productImage", label: "Image" },
  priceCents: { formField: "productPrize", label: "Price" },
  details: { formField: "productDetails", label: "Details" },
  type: { formField: "productType", label: "Type" },
} as const satisfies Record<keyof NewProduct, { formField: string; label: string }>;

/** The product's fields, in the form's order. */
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FORM_FIELDS) as (keyof NewProduct)[];

/** A product field's id in the form ("productPrize"). */
export type ProductField = (typeof PRODUCT_FORM_FIELDS)[keyof NewProduct]["formField"];
