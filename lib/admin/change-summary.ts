/**
 * A recorded change in words, for the product's admin page: which fields
 * changed, from what to what. Pure.
 */
import type { NewProduct, ProductChange } from "@/lib/data/types";

const FIELD_LABELS: Record<keyof NewProduct, string> = {
  name: "Name",
  image: "Image",
  price: "Price",
  details: "Details",
  type: "Type",
};

interface FieldChange {
  field: keyof NewProduct;
  label: string;
  /** null where there was none (before a create, after a delete). */
  before: string | number | null;
  after: string | number | null;
}

/** The fields a change set, each with its value before and after. */
export function fieldChanges(change: Pick<ProductChange, "before" | "after">): FieldChange[] {
  const fields = Object.keys(FIELD_LABELS) as Array<keyof NewProduct>;
  return fields
    .filter((field) => change.before?.[field] !== change.after?.[field])
    .map((field) => ({
      field,
      label: FIELD_LABELS[field],
      before: change.before ? change.before[field] : null,
      after: change.after ? change.after[field] : null,
    }));
}

export const ACTION_LABELS: Record<ProductChange["action"], string> = {
  create: "Added",
  update: "Edited",
  delete: "Deleted",
};
