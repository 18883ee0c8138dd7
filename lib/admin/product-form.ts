/**
 * The add-product form's fields (ids as the spec names them) and their
 * mapping to the store's clean names, validated with the store's own rules,
 * and the optional stock field beside them (stock-field.ts: kept in its own
 * record, never a product field).
 * Pure: shared by the server action and its unit tests.
 */
import type { StockCount } from "@/lib/data/contract/order-store";
import type { NewProduct, Product } from "@/lib/data/contract/catalog";
import { inCents, newProductInDollarsSchema } from "@/lib/data/contract/catalog";
import { PRODUCT_FIELD_NAMES, PRODUCT_FORM_FIELDS, type ProductField } from "./product-form-fields";

export type { ProductField };

/** The stock field: blank when not tracked, else a whole count (stock-field.ts). Not a product field. */
export const STOCK_FIELD = "productStock";
/** The photo field: a file that becomes the product's image (product-photo.ts). */
export const PHOTO_FIELD = "productPhoto";
/** Every field of the form: the product's five, the photo and the stock. */
export type FormField = ProductField | typeof PHOTO_FIELD | typeof STOCK_FIELD;
export type FieldErrors = Partial<Record<FormField, string>>;
/** What was typed, echoed back on failure so the form keeps it (a file input cannot be filled in again). */
export type ProductFormValues = Record<Exclude<FormField, typeof PHOTO_FIELD>, string>;

export type AddProductResult =
  | { ok: true; product: Product; stock: StockCount; warning?: string }
  | { ok: false; error: string; fieldErrors: FieldErrors; values?: ProductFormValues };

/** The form field that holds a store field ("price" -> "productPrize"), if any. */
export function formFieldOf(storeField: string): ProductField | undefined {
  return (PRODUCT_FIELD_NAMES as string[]).includes(storeField) ? PRODUCT_FORM_FIELDS[storeField as keyof NewProduct].formField : undefined;
}

interface FormLike {
  get(name: string): unknown;
}

/** The typed text of every field ("" for a missing or non-text one). */
export function formValues(form: FormLike): ProductFormValues {
  const values = {} as ProductFormValues;
  const fields: (keyof ProductFormValues)[] = [...PRODUCT_FIELD_NAMES.map((name) => PRODUCT_FORM_FIELDS[name].formField), STOCK_FIELD];
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The price as typed, as a number: "" is missing (undefined), anything else Number() of it (NaN when not a number). */
function parsePrice(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  // Number("0x10") is 16 and Number("1e3") is 1000; a price is plain decimal.
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export type ParsedProduct = { ok: true; product: NewProduct } | { ok: false; fieldErrors: FieldErrors };

/** Validates the typed values (formValues) with the store's rules; field errors are keyed by form id. */
export function parseProductValues(values: ProductFormValues): ParsedProduct {
  const fieldErrors: FieldErrors = {};
  const price = parsePrice(values.productPrize);
  if (price === undefined) fieldErrors.productPrize = "Price is required";
  const typed = Object.fromEntries(
    PRODUCT_FIELD_NAMES.filter((name) => name !== "priceCents").map((name) => [name, values[PRODUCT_FORM_FIELDS[name].formField]]),
  );
  const result = newProductInDollarsSchema.safeParse({ ...typed, price });
  if (result.success && Object.keys(fieldErrors).length === 0) return { ok: true, product: inCents(result.data) };
  if (!result.success) {
    for (const issue of result.error.issues) {
      // The price is typed in dollars (`price`), the store's field is priceCents: both are productPrize.
      const key = String(issue.path[0] ?? "");
      const field = formFieldOf(key === "price" ? "priceCents" : key);
      if (!field || fieldErrors[field]) continue;
      fieldErrors[field] = field === "productType" ? "Choose a product type" : issue.message;
    }
  }
  return { ok: false, fieldErrors };
}
