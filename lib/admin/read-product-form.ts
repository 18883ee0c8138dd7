/**
 * What the add, edit and delete cores do before they write: the caller gate
 * (guard.ts), then the form, which must be real FormData, its product fields,
 * photo and stock read once (formValues) and checked with the form rules
 * (product-form.ts, product-photo.ts, stock-field.ts).
 * Also the answer every one of them gives when fields need attention, whether
 * the form rules or the store's rules found it.
 */
import "server-only";
import { refuseCaller, type Caller } from "./guard";
import {
  formFieldOf,
  formValues,
  parseProductValues,
  type AddProductResult,
  type FieldErrors,
  type ParsedProduct,
  type ProductFormValues,
} from "./product-form";
import { PHOTO_NOT_KEPT, choosePhoto, type PendingPhoto } from "./product-photo";
import { readStockField, type ParsedStock } from "./stock-field";

export const NOT_A_FORM = "Send the product with the Add a product form.";
export const FIELDS_NEED_ATTENTION = "Some fields need attention.";

/** An answer that changed nothing, with the field errors and, once read, the typed values. */
type ProductFormFailure = Extract<AddProductResult, { ok: false }>;

/** The form read once: what was typed (echoed back on failure) and the product and stock it makes, or their field errors. */
export interface ProductFormRead {
  ok: true;
  form: FormData;
  values: ProductFormValues;
  parsed: ParsedProduct;
  /** The stock typed; null when the form has no stock field (the stock is then left as it is). */
  stock: ParsedStock | null;
}

/** The field errors of the product's fields and the stock together; null when both are fine. */
function formErrors(read: ProductFormRead): FieldErrors | null {
  const fieldErrors: FieldErrors = read.parsed.ok ? {} : { ...read.parsed.fieldErrors };
  if (read.stock && !read.stock.ok) fieldErrors.productStock = read.stock.error;
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}

/** The refusal or not-a-form answer, or the form when the caller may change products with it. */
export function gateProductForm(caller: Caller, form: unknown): ProductFormFailure | { ok: true; form: FormData } {
  const refusal = refuseCaller(caller);
  if (refusal) return refusal;
  // Only real FormData: a decoded object could carry a server reference as its `get`.
  if (!(form instanceof FormData)) return { ok: false, error: NOT_A_FORM, fieldErrors: {} };
  return { ok: true, form };
}

/**
 * The gate, then the product fields read once. `form` is `unknown` because an
 * action's arguments come off the network: a direct call can send a string,
 * null or a plain object instead of FormData.
 */
function readProductForm(caller: Caller, form: unknown): ProductFormFailure | ProductFormRead {
  const gate = gateProductForm(caller, form);
  if (!gate.ok) return gate;
  const values = formValues(gate.form);
  return { ok: true, form: gate.form, values, parsed: parseProductValues(values), stock: readStockField(gate.form) };
}

/** The form read with its photo: when one was chosen, the product's image is the photo's path. */
export type ProductFormWithPhoto = ProductFormRead & { parsed: { ok: true }; photo: PendingPhoto | null };

/** The product fields' message when neither a photo nor an image address was given. */
export const NO_IMAGE = "Upload a photo or give an image URL";

/**
 * The gate, the product fields and the photo (product-photo.ts), read once:
 * every field error together (a photo chosen with fields that need attention
 * is not kept: the answer says to choose it again), or the product to write
 * with its photo, not yet stored.
 */
export async function readProductFormWithPhoto(caller: Caller, form: unknown): Promise<ProductFormFailure | ProductFormWithPhoto> {
  const read = readProductForm(caller, form);
  if (!read.ok) return read;
  const chosen = await choosePhoto(read.form);
  const photo = chosen.ok ? chosen.photo : null;
  const parsed = photo ? parseProductValues({ ...read.values, productImage: photo.path }) : read.parsed;
  const fieldErrors = formErrors({ ...read, parsed }) ?? {};
  // No image at all: asked for an address or a photo; when a refused photo was given, its own error says what to do.
  if (!photo && read.values.productImage.trim() === "" && read.values.images.length === 0) {
    if (chosen.ok) fieldErrors.productImage = NO_IMAGE;
    else delete fieldErrors.productImage;
  }
  if (!chosen.ok) fieldErrors.productPhoto = chosen.error;
  else if (photo && Object.keys(fieldErrors).length > 0) fieldErrors.productPhoto = PHOTO_NOT_KEPT;
  if (Object.keys(fieldErrors).length > 0 || !parsed.ok) return fieldsNeedAttention(fieldErrors, read.values);
  return { ...read, parsed, photo };
}

/** The "fields need attention" answer, with what was typed kept in the form. */
export function fieldsNeedAttention(fieldErrors: FieldErrors, values: ProductFormValues): ProductFormFailure {
  return { ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors, values };
}

/** The store's field reasons (keyed by its clean names), keyed by the form's field ids. */
export function fieldErrorsOf(fields: Record<string, string>): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = formFieldOf(key);
    if (field) fieldErrors[field] ??= message;
  }
  return fieldErrors;
}
