"use client";

import { useState } from "react";
import type { EditProductResult } from "@/lib/admin/edit-product";
import type { ProductFormValues } from "@/lib/admin/product-form";
import { productFormValues } from "@/lib/admin/product-form-values";
import type { StockCount } from "@/lib/data/contract/order-store";
import type { ProductType } from "@/lib/data/contract/catalog";
import { DeleteProductForm, type DeleteProductAction } from "./delete-product-form";
import { EditProductForm, type EditProductAction } from "./edit-product-form";

interface ProductEditorProps {
  updateAction: EditProductAction;
  deleteAction: DeleteProductAction;
  productId: string;
  /** The product's revision, fields and stock as the page read them. */
  revision: number;
  values: ProductFormValues;
  stock: StockCount;
  types: readonly ProductType[];
}

/**
 * A product's edit and delete forms, sharing the revision the admin is
 * working from. That is the revision the page was opened at, moved only by
 * this admin's own saves: a live refresh after another admin's change brings
 * a newer `revision` prop, which must not be adopted silently (this admin's
 * save or delete would then overwrite a change they never saw); the edit
 * form says it happened instead. The stock it works from moves the same
 * way: only with this admin's own saves, so a sale meanwhile refuses the
 * stock's save rather than being overwritten unseen.
 */
export function ProductEditor({ updateAction, deleteAction, productId, revision, values, stock, types }: ProductEditorProps) {
  const [opened, setOpened] = useState(() => ({ revision, values, stock }));
  const save: EditProductAction = async (previous, form) => {
    const result: EditProductResult = await updateAction(previous, form);
    if (result.ok) setOpened({ revision: result.revision, values: productFormValues(result.product, result.stock), stock: result.stock });
    return result;
  };
  return (
    <>
      <EditProductForm
        action={save}
        productId={productId}
        revision={opened.revision}
        values={opened.values}
        stock={opened.stock}
        changedElsewhere={revision !== opened.revision}
        types={types}
      />
      <DeleteProductForm action={deleteAction} productId={productId} revision={opened.revision} name={opened.values.productName} />
    </>
  );
}
