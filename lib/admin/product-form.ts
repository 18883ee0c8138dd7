/**
 * The add-product form's fields (ids as the spec names them) and their
 * mapping to the store's clean names, validated with the store's own rules,
 * and the optional stock field beside them (stock-field.ts: kept in its own
 * record, never a product field).
 * Pure: shared by the server action and its unit tests.
 */
import type { StockCount } from "@/lib/data/contract/order-store";
import type { NewProduct, Product, ProductImage } from "@/lib/data/contract/catalog";
import { inCents, newProductInDollarsSchema } from "@/lib/data/contract/catalog";
import { IMAGE_ROW_FIELDS, NEW_IMAGE_ALT_FIELD, PRODUCT_FIELD_NAMES, PRODUCT_FORM_FIELDS, type ProductField } from "./product-form-fields";

export type { ProductField };

/** The stock field: blank when not tracked, else a whole count (stock-field.ts). Not a product field. */
export const STOCK_FIELD = "productStock";
/** The photo field: a file that becomes the product's image (product-photo.ts). */
export const PHOTO_FIELD = "productPhoto";
/** Every field of the form: the product's five, the photo and the stock. */
export type FormField = ProductField | typeof PHOTO_FIELD | typeof STOCK_FIELD;
export type FieldErrors = Partial<Record<FormField, string>>;
/**
 * What was typed, echoed back on failure so the form keeps it (a file input
 * cannot be filled in again): each field's text, the new image's alt text,
 * and the rows of images kept (a row removed is gone from them).
 */
export type ProductFormValues = Record<Exclude<FormField, typeof PHOTO_FIELD>, string> & {
  [NEW_IMAGE_ALT_FIELD]: string;
  images: ProductImage[];
};

export type AddProductResult =
  | { ok: true; product: Product; stock: StockCount; warning?: string }
  | { ok: false; error: string; fieldErrors: FieldErrors; values?: ProductFormValues };

/** The form field that holds a store field ("price" -> "productPrize"), if any. */
export function formFieldOf(storeField: string): ProductField | undefined {
  return (PRODUCT_FIELD_NAMES as string[]).includes(storeField) ? PRODUCT_FORM_FIELDS[storeField as keyof NewProduct].formField : undefined;
}

interface FormLike {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The rows of images the form lists, in order, without those ticked for removal. */
function imageRows(form: FormLike): ProductImage[] {
  const alts = form.getAll(IMAGE_ROW_FIELDS.alt);
  const removed = new Set(form.getAll(IMAGE_ROW_FIELDS.remove).map(text));
  return form
    .getAll(IMAGE_ROW_FIELDS.src)
    .map((src, i) => ({ src: text(src), alt: text(alts[i]) }))
    .filter((row) => !removed.has(row.src));
}

/** The typed text of every field ("" for a missing or non-text one) and the rows of images. */
export function formValues(form: FormLike): ProductFormValues {
  const values = { images: imageRows(form), [NEW_IMAGE_ALT_FIELD]: text(form.get(NEW_IMAGE_ALT_FIELD)) } as ProductFormValues;
  const fields = [...PRODUCT_FIELD_NAMES.map((name) => PRODUCT_FORM_FIELDS[name].formField), STOCK_FIELD] as const;
  for (const field of fields) values[field] = text(form.get(field));
  return values;
}

/**
 * The product's images from the form: its rows, then the image it adds (an
 * address typed, or the photo's path), whose alt text left blank is the
 * product's name, as the field says.
 */
function imagesOf(values: ProductFormValues): ProductImage[] {
  const added = values.productImage.trim();
  if (added === "") return values.images;
  return [...values.images, { src: added, alt: values[NEW_IMAGE_ALT_FIELD].trim() || values.productName }];
}

/** The price as typed, as a number: "" is missing (undefined), anything else Number() of it (NaN when not a number). */
function parsePrice(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  // Number("0x10") is 16 and Number("1e3") is 1000; a price is plain decimal.
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export type ParsedProduct = { ok: true; product: NewProduct } | { ok: false; fieldErrors: FieldErrors };

/** Whether an issue is the added image's alt text taken from a name left blank: the name's own error says what to fix. */
function altOfMissingName(values: ProductFormValues, path: readonly PropertyKey[]): boolean {
  const added = path[0] === "images" && path[1] === values.images.length && path[2] === "alt";
  return added && values[NEW_IMAGE_ALT_FIELD].trim() === "" && values.productName.trim() === "";
}

/** Validates the typed values (formValues) with the store's rules; field errors are keyed by form id. */
export function parseProductValues(values: ProductFormValues): ParsedProduct {
  const fieldErrors: FieldErrors = {};
  const price = parsePrice(values.productPrize);
  if (price === undefined) fieldErrors.productPrize = "Price is required";
  const typed = Object.fromEntries(
    PRODUCT_FIELD_NAMES.filter((name) => name !== "priceCents" && name !== "images").map((name) => [
      name,
      values[PRODUCT_FORM_FIELDS[name].formField],
    ]),
  );
  const result = newProductInDollarsSchema.safeParse({ ...typed, images: imagesOf(values), price });
  if (result.success && Object.keys(fieldErrors).length === 0) return { ok: true, product: inCents(result.data) };
  if (!result.success) {
    for (const issue of result.error.issues) {
      // The price is typed in dollars (`price`), the store's field is priceCents: both are productPrize.
      const key = String(issue.path[0] ?? "");
      const field = formFieldOf(key === "price" ? "priceCents" : key);
      if (!field || fieldErrors[field] || altOfMissingName(values, issue.path)) continue;
      // A listed image's error names it by its place: "Image 2: Alt text is required".
      // The image the form adds is the last, with a field of its own: its errors need no place.
      const row = key === "images" && typeof issue.path[1] === "number" && issue.path[1] < values.images.length ? issue.path[1] : null;
      const place = row === null ? "" : `Image ${row + 1}: `;
      fieldErrors[field] = field === "productType" ? "Choose a product type" : place + issue.message;
    }
  }
  return { ok: false, fieldErrors };
}
