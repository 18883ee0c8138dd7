"use client";

import Link from "next/link";
import { useActionState, useEffect } from "react";
import styles from "@/components/auth/forms.module.css";
import { FIELD_ORDER, ProductFields } from "./product-fields";
import type { AddProductResult } from "@/lib/admin/product-form";
import type { ProductType } from "@/lib/data/contract/catalog";
import { adminProductPath, productPath } from "@/lib/site-links";

const EMPTY = {
  productName: "",
  productImage: "",
  productImageAlt: "",
  images: [],
  productPrize: "",
  productDetails: "",
  productType: "",
  productStock: "",
};

/** The admin page's "use server" action (lib/admin/add-product-actions.ts), passed down by the page. */
type AddProductAction = (previous: AddProductResult | null, form: FormData) => Promise<AddProductResult>;

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

  return (
    <div className={`${styles.card} ${styles.wide}`}>
      <h1 id="add-product-title" className={styles.title}>
        Add a product
      </h1>
      {/* The key remounts the fields with the echoed values after a refusal; React clears them after a success. */}
      <form
        action={formAction}
        className={styles.form}
        key={state && !state.ok ? JSON.stringify(values) : "clean"}
        aria-labelledby="add-product-title"
      >
        <ProductFields values={values} errors={errors} types={types} saving={pending} />

        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? "Adding…" : "Add product"}
        </button>
      </form>

      <p role="status" aria-live="polite" className={state?.ok ? styles.success : styles.message}>
        {state?.ok ? (state.warning ?? `Added “${state.product.name}” to the catalogue.`) : state ? state.error : ""}
      </p>
      {/* Where an operator goes next: the product as shoppers see it, or its own page for more photos. */}
      {state?.ok ? (
        <p className={styles.nextSteps}>
          <Link href={productPath(state.product.id)}>View it in the shop</Link>
          <Link href={adminProductPath(state.product.id)}>Edit it, add photos</Link>
        </p>
      ) : null}
    </div>
  );
}
