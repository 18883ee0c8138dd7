import Form from "next/form";
import styles from "./search-form.module.css";

/**
 * The search page's own form (GET /search?q=). next/form navigates without a
 * full reload when JavaScript runs and submits normally when it does not.
 * `inputId` differs between the loading fallback and the results: both are in
 * the server HTML until the results stream in, and ids must be unique.
 */
export function SearchForm({ query = "", inputId = "search-page-q" }: { query?: string; inputId?: string }) {
  return (
    <Form action="/search" role="search" className={styles.form}>
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
    </Form>
  );
}
