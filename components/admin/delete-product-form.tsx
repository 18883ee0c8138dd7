"use client";

import { useActionState, useState } from "react";
import styles from "@/components/auth/forms.module.css";
import type { DeleteProductResult } from "@/lib/admin/edit-product";
import admin from "./admin-products.module.css";

export type DeleteProductAction = (previous: DeleteProductResult | null, form: FormData) => Promise<DeleteProductResult>;

interface DeleteProductFormProps {
  action: DeleteProductAction;
  productId: string;
  /** The revision this admin works from (product-editor.tsx). */
  revision: number;
  name: string;
}

/**
 * Delete, in two steps: the first press asks "Delete …? This cannot be
 * undone.", the second (the form's submit, with confirm=delete, which the
 * server requires) deletes. On success the action sends the admin back to
 * the list, which says what was deleted.
 */
export function DeleteProductForm({ action, productId, revision, name }: DeleteProductFormProps) {
  const [asking, setAsking] = useState(false);
  const [state, formAction, pending] = useActionState<DeleteProductResult | null, FormData>(action, null);

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="delete-product-title">
      <h2 id="delete-product-title" className={styles.title}>
        Delete product
      </h2>
      {asking ? (
        <form action={formAction} className={styles.form}>
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="revision" value={revision} />
          <input type="hidden" name="productName" value={name} />
          <input type="hidden" name="confirm" value="delete" />
          <p role="alert" data-testid="delete-confirmation">
            Delete “{name}”? It leaves the shop at once: its page, search, the sitemap and the category pages. Carts that hold it show it as
            no longer available. This cannot be undone.
          </p>
          <div className={admin.row}>
            <button type="submit" className={admin.danger} disabled={pending}>
              {pending ? "Deleting…" : `Yes, delete “${name}”`}
            </button>
            <button type="button" className={admin.secondary} onClick={() => setAsking(false)} disabled={pending}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className={admin.danger} onClick={() => setAsking(true)}>
          Delete this product…
        </button>
      )}
      <p role="status" aria-live="polite" className={styles.message} data-testid="delete-status">
        {state && !state.ok ? state.error : ""}
      </p>
    </section>
  );
}
