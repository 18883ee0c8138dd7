"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import styles from "@/components/auth/forms.module.css";
import type { EditProductResult } from "@/lib/admin/edit-product";
import type { ProductFormValues } from "@/lib/admin/product-form";
import { stockText } from "@/lib/admin/product-form-values";
import type { StockCount } from "@/lib/data/contract/order-store";
import type { ProductType } from "@/lib/data/contract/catalog";
import { FIELD_ORDER, ProductFields } from "./product-fields";

/** The product page's "use server" action (lib/admin/edit-product-actions.ts). */
export type EditProductAction = (previous: EditProductResult | null, form: FormData) => Promise<EditProductResult>;

interface EditProductFormProps {
  action: EditProductAction;
  productId: string;
  /** The revision this admin works from (product-editor.tsx): a save is refused if the product has changed since. */
  revision: number;
  values: ProductFormValues;
  /** The stock this admin works from (product-editor.tsx): a stock save is refused if a sale moved it since. */
  stock: StockCount;
  /** Another admin (or an import) changed the product after this page was opened. */
  changedElsewhere: boolean;
  types: readonly ProductType[];
}

/**
 * Edits every field of a product with the add form's fields, rules and
 * messages, and its stock. A save made after another admin's, or a stock
 * saved after a sale moved it, is refused in words, the typed values kept. After a save the page is read again (the change in the
 * history below).
 */
export function EditProductForm({ action, productId, revision, values, stock, changedElsewhere, types }: EditProductFormProps) {
  const router = useRouter();
  const [state, formAction, pending] = useActionState<EditProductResult | null, FormData>(action, null);
  const shown = state && !state.ok && state.values ? state.values : values;
  const errors = state && !state.ok ? state.fieldErrors : {};

  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      router.refresh();
      return;
    }
    const field = FIELD_ORDER.find((f) => state.fieldErrors[f]);
    if (field) document.getElementById(field)?.focus();
  }, [state, router]);

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="edit-product-title">
      <h2 id="edit-product-title" className={styles.title}>
        Edit product
      </h2>
      {/* Remounted on a new revision or stock of this admin's own, and with the echoed values after a refusal. */}
      <form
        action={formAction}
        className={styles.form}
        key={state && !state.ok ? JSON.stringify(shown) : `revision-${revision}-stock-${stockText(stock)}`}
        aria-labelledby="edit-product-title"
      >
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="revision" value={revision} />
        {/* lib/admin/stock-field.ts STOCK_OPENED_FIELD: the stock this form was opened at. */}
        <input type="hidden" name="stockWhenOpened" value={stockText(stock)} />
        <ProductFields values={shown} errors={errors} types={types} saving={pending} />
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? "Saving…" : "Save changes"}
        </button>
      </form>
      {changedElsewhere ? (
        <p className={styles.message} data-testid="changed-elsewhere">
          This product changed since you opened it (another admin or an import). Saving will be refused; open it again to start from the
          current version.
        </p>
      ) : null}
      <p role="status" aria-live="polite" className={state?.ok ? styles.success : styles.message} data-testid="edit-status">
        {state?.ok ? `Saved “${state.product.name}”.` : state ? state.error : ""}
      </p>
    </section>
  );
}
