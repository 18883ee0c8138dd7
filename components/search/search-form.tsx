"use client";

import styles from "./search-form.module.css";
import { useSearchSubmit } from "./use-search-submit";

/**
 * The search page's own form (GET /search?q=): it goes to the query's page
 * without a reload when JavaScript runs and submits normally when it does not.
 * `inputId` differs between the loading fallback and the results: both are in
 * the server HTML until the results stream in, and ids must be unique.
 */
export function SearchForm({ query = "", inputId = "search-page-q" }: { query?: string; inputId?: string }) {
  const onSubmit = useSearchSubmit();
  return (
    <form action="/search" method="get" role="search" aria-label="Catalogue" className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={inputId} className={styles.label}>
        Search the catalogue
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
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
