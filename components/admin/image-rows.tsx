"use client";

import { useState } from "react";
import styles from "@/components/auth/forms.module.css";
import { ProductImage } from "@/components/product/product-image";
import { IMAGE_ALT_MAX, IMAGE_ROW_FIELDS } from "@/lib/admin/product-form-fields";
import type { ProductImage as ProductImageShape } from "@/lib/data/contract/catalog";
import rows from "./image-rows.module.css";

/**
 * The product's images as the form's rows, in the order the product shows
 * them (the first is its card image): each with its alt text, a box that
 * removes it on save, and buttons that move it up or down. The rows post in
 * their order (product-form.ts reads them).
 */
export function ImageRows({ images }: { images: readonly ProductImageShape[] }) {
  const [order, setOrder] = useState(images);
  if (order.length === 0) return null;
  const move = (from: number, to: number) =>
    setOrder((list) => {
      const next = [...list];
      [next[from], next[to]] = [next[to], next[from]];
      return next;
    });
  return (
    <fieldset className={rows.images}>
      <legend>Images (the first is the card image)</legend>
      <ol className={rows.list}>
        {order.map((image, index) => (
          <li key={image.src} className={rows.row} data-testid="image-row">
            <ProductImage src={image.src} alt="" name={image.alt} sizes="64px" className={rows.thumb} />
            <input type="hidden" name={IMAGE_ROW_FIELDS.src} value={image.src} />
            <div className={styles.field}>
              <label htmlFor={`imageAlt-${index}`}>Alt text of image {index + 1}</label>
              <input id={`imageAlt-${index}`} name={IMAGE_ROW_FIELDS.alt} required maxLength={IMAGE_ALT_MAX} defaultValue={image.alt} />
            </div>
            <div className={rows.controls}>
              <label className={rows.remove}>
                <input type="checkbox" name={IMAGE_ROW_FIELDS.remove} value={image.src} /> Remove
              </label>
              <button type="button" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move image ${index + 1} up`}>
                ↑
              </button>
              <button
                type="button"
                disabled={index === order.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={`Move image ${index + 1} down`}
              >
                ↓
              </button>
            </div>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
