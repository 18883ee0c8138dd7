"use client";

import { useActionState, useEffect } from "react";
import styles from "@/components/auth/forms.module.css";
import type { AddProductResult, ProductField } from "@/lib/admin/product-form";
import type { ProductType } from "@/lib/data/types";

const FIELD_ORDER: ProductField[] = ["productName", "productImage", "productPrize", "productDetails", "productType"];
const EMPTY = { productName: "", productImage: "", productPrize: "", productDetails: "", productType: "" };

/** The admin page's "use server" action (app/admin-entry/actions.ts), passed down so no component imports a route's module. */
export type AddProductAction = (previous: AddProductResult | null, form: FormData) => Promise<AddProductResult>;

/**
 * The "Add a product" form. The server action validates and answers with
 * field errors (shown next to each field, the typed values kept) or the new
 * product (the form clears and says so). The page hands it the action and
 * the product types, so the browser bundle takes nothing from lib/data.
 */
export function AddProductForm({ action, types }: { action: AddProductAction; types: readonly ProductType[] }) {
  const [state, formAction, pending] = useActionState<AddProductResult | null, FormData>(action, null);
  const values = state && !state.ok && state.values ? state.values : EMPTY;
  const errors = state && !state.ok ? state.fieldErrors : {};

  // After each answer, focus the first field to fix, or the first field for the next product.
  useEffect(() => {
    if (!state) return;
    const field = state.ok ? "productName" : FIELD_ORDER.find((f) => state.fieldErrors[f]);
    if (field) document.getElementById(field)?.focus();
  }, [state]);

  const describe = (field: ProductField) => (errors[field] ? `${field}-error` : undefined);
  const error = (field: ProductField) =>
    errors[field] ? (
      <p id={`${field}-error`} className={styles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className={`${styles.card} ${styles.wide}`}>
      <h1 id="add-product-title" className={styles.title}>Add a product</h1>
      {/* The key remounts the fields with the echoed values after a refusal; React clears them after a success. */}
      <form action={formAction} className={styles.form} key={state && !state.ok ? JSON.stringify(values) : "clean"} aria-labelledby="add-product-title">

      <div className={styles.field}>
        <label htmlFor="productName">Product name</label>
        <input id="productName" name="productName" required maxLength={120} defaultValue={values.productName}
          aria-invalid={Boolean(errors.productName)} aria-describedby={describe("productName")} />
        {error("productName")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productImage">Image URL</label>
        <input id="productImage" name="productImage" type="url" required maxLength={2048} placeholder="https://"
          defaultValue={values.productImage} aria-invalid={Boolean(errors.productImage)} aria-describedby={describe("productImage")} />
        {error("productImage")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productPrize">Price (USD)</label>
        <input id="productPrize" name="productPrize" type="number" step="0.01" min="0.01" required inputMode="decimal"
          defaultValue={values.productPrize} aria-invalid={Boolean(errors.productPrize)} aria-describedby={describe("productPrize")} />
        {error("productPrize")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productDetails">Details</label>
        <textarea id="productDetails" name="productDetails" required rows={5} maxLength={2000} defaultValue={values.productDetails}
          aria-invalid={Boolean(errors.productDetails)} aria-describedby={describe("productDetails")} />
        {error("productDetails")}
      </div>

      <div className={styles.field}>
        <label htmlFor="productType">Type</label>
        <select id="productType" name="productType" required defaultValue={values.productType}
          aria-invalid={Boolean(errors.productType)} aria-describedby={describe("productType")}>
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

      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? "Adding…" : "Add product"}
      </button>
      </form>

      <p role="status" aria-live="polite" className={state?.ok ? styles.success : styles.message}>
        {state?.ok ? `Added “${state.product.name}” to the catalogue.` : state ? state.error : ""}
      </p>
    </div>
  );
}
