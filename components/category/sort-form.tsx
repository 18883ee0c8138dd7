import { LISTING_SORTS, SORT_LABELS, SORT_PARAM } from "@/lib/catalog/listing-sort";
import type { CatalogSort } from "@/lib/data/contract/catalog";
import styles from "./sort-form.module.css";

/**
 * A category's sort: a GET form to the category's own address
 * (lib/catalog/listing-sort.ts), so it works without JavaScript and the
 * sorted view has an address to share. A plain form, a document load with
 * JavaScript too: the server's rewrite picks the sorted page, and a static
 * page's data does not vary by its query, so the client router (next/form)
 * would show the page it already holds for the category. It changes the
 * view only when the shopper presses Sort (a choice in the list alone
 * changes nothing: WCAG 3.2.2).
 */
export function SortForm({ path, sort }: { path: string; sort: CatalogSort }) {
  return (
    <form method="get" action={path} className={styles.form}>
      <label htmlFor="listing-sort" className={styles.label}>
        Sort by
      </label>
      <select id="listing-sort" name={SORT_PARAM} defaultValue={sort} className={styles.select}>
        {LISTING_SORTS.map((option) => (
          <option key={option} value={option}>
            {SORT_LABELS[option]}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.button}>
        Sort
      </button>
    </form>
  );
}
