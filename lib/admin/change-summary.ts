/**
 * A recorded change in words, for the product's admin page: which fields
 * changed, from what to what. Pure.
 */
import type { NewProduct, ProductChange, ProductImage } from "@/lib/data/contract/catalog";
import { PRODUCT_FIELD_NAMES, PRODUCT_FORM_FIELDS } from "./product-form-fields";

interface FieldChange {
  field: keyof NewProduct;
  label: string;
  /** null where there was none (before a create, after a delete). */
  before: string | number | null;
  after: string | number | null;
}

/** A field's value in words: images as their addresses with their alt text, in order. */
function shown(value: NewProduct[keyof NewProduct]): string | number {
  if (!Array.isArray(value)) return value;
  return (value as ProductImage[]).map((image, i) => `${i + 1}. ${image.src} ("${image.alt}")`).join(" ");
}

/** The fields a change set, each with its value before and after. */
export function fieldChanges(change: Pick<ProductChange, "before" | "after">): FieldChange[] {
  const value = (product: NewProduct | null, field: keyof NewProduct) => (product ? shown(product[field]) : null);
  return PRODUCT_FIELD_NAMES.filter((field) => value(change.before, field) !== value(change.after, field)).map((field) => ({
    field,
    label: PRODUCT_FORM_FIELDS[field].label,
    before: value(change.before, field),
    after: value(change.after, field),
  }));
}

export const ACTION_LABELS: Record<ProductChange["action"], string> = {
  create: "Added",
  update: "Edited",
  delete: "Deleted",
};
