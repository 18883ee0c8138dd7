import type { ReactNode } from "react";
import styles from "@/components/auth/forms.module.css";
import type { FieldErrors, FormField, ProductFormValues } from "@/lib/admin/product-form";
import type { ProductType } from "@/lib/data/contract/catalog";
import { PHOTO_HINT } from "@/lib/images/photo-rules";
import { IMAGE_ALT_MAX, NEW_IMAGE_ALT_FIELD } from "@/lib/admin/product-form-fields";
import { ImageRows } from "./image-rows";
import { PhotoField } from "./photo-field";

/** The form's fields in order, for "focus the first one to fix". */
export const FIELD_ORDER: FormField[] = [
  "productName",
  "productImage",
  "productPhoto",
  "productPrize",
  "productDetails",
  "productType",
  "productStock",
];

/** The id of a field's error, which describes the field's control while it shows. */
const errorId = (field: FormField) => `${field}-error`;

interface ProductFieldsProps {
  values: ProductFormValues;
  errors: FieldErrors;
  types: readonly ProductType[];
  /** A save is being answered: the fields are read-only until it is, since its answer renders the form anew. */
  saving: boolean;
}

/**
 * The five product fields (ids as the spec names them), the photo that may
 * stand in for the image URL, and the optional stock (kept in its own record, not a product field), with each field's
 * error next to it: shared by the add and edit forms, so both ask the same
 * and show the server's messages the same way.
 */
export function ProductFields({ values, errors, types, saving }: ProductFieldsProps) {
  const describe = (field: FormField) => (errors[field] ? errorId(field) : undefined);
  /** A control's error attributes: invalid, and described by its error, while it has one. */
  const checked = (field: FormField) => ({ "aria-invalid": Boolean(errors[field]), "aria-describedby": describe(field) });

  return (
    // The form's data is taken when it is submitted, before this disables anything; a field edited
    // meanwhile (a photo chosen) would be dropped without a word when the answer renders the form anew.
    <fieldset className={styles.fields} disabled={saving}>
      <Field field="productName" label="Product name" error={errors.productName}>
        <input id="productName" name="productName" required maxLength={120} defaultValue={values.productName} {...checked("productName")} />
      </Field>

      <ImageRows key={values.images.map((image) => image.src).join(" ")} images={values.images} />
      <ImageFields value={values.productImage} alt={values.productImageAlt} adds={values.images.length > 0} errors={errors} />

      <Field field="productPrize" label="Price (USD)" error={errors.productPrize}>
        <input
          id="productPrize"
          name="productPrize"
          type="number"
          step="0.01"
          min="0.01"
          required
          inputMode="decimal"
          defaultValue={values.productPrize}
          {...checked("productPrize")}
        />
      </Field>

      <Field field="productDetails" label="Details" error={errors.productDetails}>
        <textarea
          id="productDetails"
          name="productDetails"
          required
          rows={5}
          maxLength={2000}
          defaultValue={values.productDetails}
          {...checked("productDetails")}
        />
      </Field>

      <Field field="productType" label="Type" error={errors.productType}>
        <select id="productType" name="productType" required defaultValue={values.productType} {...checked("productType")}>
          <option value="" disabled>
            Choose a type
          </option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Field>

      <StockField value={values.productStock} error={errors.productStock} />
    </fieldset>
  );
}

interface ImageFieldsProps {
  value: string;
  alt: string;
  /** Whether the product has images already: this one is added after them. */
  adds: boolean;
  errors: FieldErrors;
}

/** The image the form adds: an image address, or a photo uploaded in its place, and its alt text. */
function ImageFields({ value, alt, adds, errors }: ImageFieldsProps) {
  return (
    <>
      {/* Text, not type="url": the shop's own images are paths (/products/x.webp), which the
            browser's URL check refuses; the server's rule (lib/data/contract/catalog.ts) takes both.
            Not required: a photo uploaded below takes its place. */}
      <Field field="productImage" label={adds ? "Add an image: URL" : "Image URL"} error={errors.productImage}>
        <input
          id="productImage"
          name="productImage"
          inputMode="url"
          maxLength={2048}
          placeholder="https://… or /products/…"
          defaultValue={value}
          aria-invalid={Boolean(errors.productImage)}
          aria-describedby={errors.productImage ? errorId("productImage") : undefined}
        />
      </Field>

      <Field
        field="productPhoto"
        label={adds ? "Or add a photo" : "Or upload a photo"}
        error={errors.productPhoto}
        hint={
          <small id="productPhoto-hint" className={styles.hint}>
            {PHOTO_HINT}
          </small>
        }
      >
        <PhotoField
          invalid={Boolean(errors.productPhoto)}
          describedBy={errors.productPhoto ? `productPhoto-hint ${errorId("productPhoto")}` : "productPhoto-hint"}
        />
      </Field>

      <div className={styles.field}>
        <label htmlFor={NEW_IMAGE_ALT_FIELD}>Its alt text</label>
        <input
          id={NEW_IMAGE_ALT_FIELD}
          name={NEW_IMAGE_ALT_FIELD}
          maxLength={IMAGE_ALT_MAX}
          defaultValue={alt}
          aria-describedby={`${NEW_IMAGE_ALT_FIELD}-hint`}
        />
        <small id={`${NEW_IMAGE_ALT_FIELD}-hint`} className={styles.hint}>
          What the picture shows, for those who cannot see it. Left blank, it is the product&apos;s name.
        </small>
      </div>
    </>
  );
}

interface FieldProps {
  field: FormField;
  label: string;
  error: string | undefined;
  /** Words under the control, before its error. */
  hint?: ReactNode;
  /** The control, whose id is `field`. */
  children: ReactNode;
}

/** One field: its label, its control, its hint and its error. */
function Field({ field, label, error, hint, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={field}>{label}</label>
      {children}
      {hint}
      {error ? (
        <p id={errorId(field)} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The optional stock, described by its hint always and by its error while it shows. */
function StockField({ value, error }: { value: string; error: string | undefined }) {
  return (
    <Field
      field="productStock"
      label="Stock (optional)"
      error={error}
      hint={
        <small id="productStock-hint" className={styles.hint}>
          How many are left to sell. Leave it blank when stock is not tracked.
        </small>
      }
    >
      <input
        id="productStock"
        name="productStock"
        type="number"
        min="0"
        max="1000000"
        step="1"
        inputMode="numeric"
        defaultValue={value}
        aria-invalid={Boolean(error)}
        aria-describedby={["productStock-hint", error ? errorId("productStock") : undefined].filter(Boolean).join(" ")}
      />
    </Field>
  );
}
