"use client";

import styles from "./search-form.module.css";
import { useSearchSubmit } from "./use-search-submit";

/**
 * The search page's own form (GET /search?q=): it goes to the query's page
 * without a reload when JavaScript runs and submits normally when it does not.
 */
export function SearchForm({ query = "" }: { query?: string }) {
  const { onSubmit, searching } = useSearchSubmit();
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Catalogue"
      aria-busy={searching}
      className={styles.form}
      onSubmit={onSubmit}
    >
      <label htmlFor="search-page-q" className={styles.label}>
        Search the catalogue
      </label>
      <div className={styles.row}>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="Product name or description"
          autoComplete="off"
          maxLength={100}
          className={styles.input}
        />
        <button type="submit" className={styles.button}>
          Search
        </button>
      </div>
    </form>
  );
}
