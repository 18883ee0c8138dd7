/**
 * A recorded change in words, for the product's admin page: which fields
 * changed, from what to what. Pure.
 */
import type { NewProduct, ProductChange } from "@/lib/data/contract/catalog";
import { PRODUCT_FIELD_NAMES, PRODUCT_FORM_FIELDS } from "./product-form-fields";

interface FieldChange {
  field: keyof NewProduct;
  label: string;
  /** null where there was none (before a create, after a delete). */
  before: string | number | null;
  after: string | number | null;
}

/** The fields a change set, each with its value before and after. */
export function fieldChanges(change: Pick<ProductChange, "before" | "after">): FieldChange[] {
  return PRODUCT_FIELD_NAMES.filter((field) => change.before?.[field] !== change.after?.[field]).map((field) => ({
    field,
    label: PRODUCT_FORM_FIELDS[field].label,
    before: change.before ? change.before[field] : null,
    after: change.after ? change.after[field] : null,
  }));
}

export const ACTION_LABELS: Record<ProductChange["action"], string> = {
  create: "Added",
  update: "Edited",
  delete: "Deleted",
};
