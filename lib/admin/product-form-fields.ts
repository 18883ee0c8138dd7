/**
 * Each product field (the contract's NewProduct, whose keys must all be here)
 * as the admin form names it (the spec's ids) and as the change history
 * labels it. Zod-free, so the edit form can run what reads it in the browser.
 */
import type { NewProduct } from "@/lib/data/contract/catalog";
import { LIMITS } from "@/lib/data/contract/limits";

export const PRODUCT_FORM_FIELDS = {
  name: { formField: "productName", label: "Name" },
  // Its errors show at the field that adds an image; the form's rows of images are product-form.ts's.
  images: { formField: "productImage", label: "Images" },
  priceCents: { formField: "productPrize", label: "Price" },
  details: { formField: "productDetails", label: "Details" },
  type: { formField: "productType", label: "Type" },
} as const satisfies Record<keyof NewProduct, { formField: string; label: string }>;

/** The product's fields, in the form's order. */
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FORM_FIELDS) as (keyof NewProduct)[];

/** A product field's id in the form ("productPrize"). */
export type ProductField = (typeof PRODUCT_FORM_FIELDS)[keyof NewProduct]["formField"];

/**
 * The product's images the form lists, one row each in order: its address
 * (`imageSrc`), its alt text (`imageAlt`), and a box that removes it
 * (`imageRemove`, whose value is the address). The image the form adds after
 * them is `productImage` (an address) or the photo, with `productImageAlt`.
 */
export const IMAGE_ROW_FIELDS = { src: "imageSrc", alt: "imageAlt", remove: "imageRemove" } as const;
export const NEW_IMAGE_ALT_FIELD = "productImageAlt";
/** The longest alt text an image takes (the contract's limit), for the form's fields. */
export const IMAGE_ALT_MAX = LIMITS.imageAltMax;
