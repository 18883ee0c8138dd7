import styles from "@/components/auth/forms.module.css";
import type { FieldErrors, FormField, ProductFormValues } from "@/lib/admin/product-form";
import type { ProductType } from "@/lib/data/contract/catalog";

/** The form's fields in order, for "focus the first one to fix". */
export const FIELD_ORDER: FormField[] = ["productName", "productImage", "productPrize", "productDetails", "productType", "productStock"];

interface ProductFieldsProps {
  values: ProductFormValues;
  errors: FieldErrors;
  types: readonly ProductType[];
  /**
   * "url" on the add form (the spec's); "text" when editing, since products
   * may hold a local path (/products/x.webp) the browser's URL check refuses.
   */
  imageInputType: "url" | "text";
}

/**
 * The five product fields (ids as the spec names them) and the optional
 * stock (kept in its own record, not a product field), with each field's
 * error next to it: shared by the add and edit forms, so both ask the same
 * and show the server's messages the same way.
 */
export function ProductFields({ values, errors, types, imageInputType }: ProductFieldsProps) {
  const describe = (field: FormField) => (errors[field] ? `${field}-error` : undefined);
  const error = (field: FormField) =>
    errors[field] ? (
      <p id={`${field}-error`} className={styles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      <div className={styles.field}>
        <label htmlFor="productName">Product name</label>
        <input
          id="productName"
          name="productName"
          required
          maxLength={120}
          defaultValue={values.productName}
          aria-invalid={Boolean(errors.productName)}
          aria-describedby={describe("productName")}
        />
        {error("productName")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productImage">Image URL</label>
        <input
          id="productImage"
          name="productImage"
          type={imageInputType}
          required
          maxLength={2048}
          placeholder="https://"
          defaultValue={values.productImage}
          aria-invalid={Boolean(errors.productImage)}
          aria-describedby={describe("productImage")}
        />
        {error("productImage")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productPrize">Price (USD)</label>
        <input
          id="productPrize"
          name="productPrize"
          type="number"
          step="0.01"
          min="0.01"
          required
          inputMode="decimal"
          defaultValue={values.productPrize}
          aria-invalid={Boolean(errors.productPrize)}
          aria-describedby={describe("productPrize")}
        />
        {error("productPrize")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productDetails">Details</label>
        <textarea
          id="productDetails"
          name="productDetails"
          required
          rows={5}
          maxLength={2000}
          defaultValue={values.productDetails}
          aria-invalid={Boolean(errors.productDetails)}
          aria-describedby={describe("productDetails")}
        />
        {error("productDetails")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productType">Type</label>
        <select
          id="productType"
          name="productType"
          required
          defaultValue={values.productType}
          aria-invalid={Boolean(errors.productType)}
          aria-describedby={describe("productType")}
        >
          <option value="" disabled>
            Choose a type
          </option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        {error("productType")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productStock">Stock (optional)</label>
        <input
          id="productStock"
          name="productStock"
          type="number"
          min="0"
          max="1000000"
          step="1"
          inputMode="numeric"
          defaultValue={values.productStock}
          aria-invalid={Boolean(errors.productStock)}
          aria-describedby={["productStock-hint", describe("productStock")].filter(Boolean).join(" ")}
        />
        <small id="productStock-hint" className={styles.hint}>
          How many are left to sell. Leave it blank when stock is not tracked.
        </small>
        {error("productStock")}
      </div>
    </>
  );
}
