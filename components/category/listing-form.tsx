import {
  FILTER_ERRORS,
  FILTER_PARAMS,
  FILTER_PRICE_MAX,
  IN_STOCK_VALUE,
  type CatalogFilter,
  type FilterError,
} from "@/lib/catalog/listing-filter";
import { SORT_PARAM } from "@/lib/catalog/listing-sort";
import { centsAsTyped } from "@/lib/money";
import styles from "./listing-form.module.css";

interface ListingFormProps<Sort extends string> {
  /** The listing's address: where the form goes (a category's, /search). */
  path: string;
  /** The orders offered, in order, and what the field says of each. */
  sorts: readonly Sort[];
  labels: Readonly<Record<Sort, string>>;
  sort: Sort;
  /** The filter shown (its fields' values); null when the address's could not be read (they start empty). */
  filter: CatalogFilter | null;
  /** Fields the view keeps as they are (a search's query). */
  kept?: Readonly<Record<string, string>>;
}

const dollars = (cents: number | null) => (cents === null ? "" : centsAsTyped(cents));

/**
 * A listing's sort and filters (a category's, a search's): one labelled GET
 * form to the listing's own address (lib/catalog/listing-sort.ts,
 * listing-filter.ts, search-view.ts), so it works
 * without JavaScript and every view has an address to share; it starts again
 * at page 1. A plain form, a document load with JavaScript too: the server's
 * rewrite picks the view's page, and a static page's data does not vary by
 * its query, so the client router (next/form) would show the page it already
 * holds. The new page's title names the view and its count, which a screen
 * reader reads on arrival. Nothing changes until the shopper presses Apply
 * (a choice in a field alone changes nothing: WCAG 3.2.2). The browser
 * checks the amounts before sending (no script needed); the server checks
 * them again and says what it could not read.
 */
export function ListingForm<Sort extends string>({ path, sorts, labels, sort, filter, kept = {} }: ListingFormProps<Sort>) {
  return (
    <form method="get" action={path} className={styles.form} aria-label="Sort and filter">
      {Object.entries(kept).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={styles.field}>
        <label htmlFor="listing-sort" className={styles.label}>
          Sort by
        </label>
        <select id="listing-sort" name={SORT_PARAM} defaultValue={sort} className={styles.input}>
          {sorts.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.price}>
        <legend className={styles.label}>Price, in dollars</legend>
        <AmountField id="listing-min" label="From" name={FILTER_PARAMS.min} least={0} cents={filter?.minCents ?? null} />
        <AmountField id="listing-max" label="to" name={FILTER_PARAMS.max} least={0.01} cents={filter?.maxCents ?? null} />
      </fieldset>
      <div className={styles.check}>
        <input
          id="listing-stock"
          name={FILTER_PARAMS.stock}
          type="checkbox"
          value={IN_STOCK_VALUE}
          defaultChecked={filter?.inStockOnly ?? false}
          className={styles.box}
        />
        <label htmlFor="listing-stock">In stock only</label>
      </div>
      <button type="submit" className={styles.button}>
        Apply
      </button>
    </form>
  );
}

/** One end of the price range: an amount in dollars, cents at most, from `least` to the highest price; empty for an open end. */
function AmountField({ id, label, name, least, cents }: { id: string; label: string; name: string; least: number; cents: number | null }) {
  return (
    <>
      <label htmlFor={id} className={styles.inline}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={least}
        max={FILTER_PRICE_MAX}
        step={0.01}
        defaultValue={dollars(cents)}
        className={`${styles.input} ${styles.amount}`}
      />
    </>
  );
}

/** What an address's filter got wrong, in words, with a link to the listing unfiltered (nothing is listed beside it). */
export function FilterErrorNotice({ error, clearHref, clearWords }: { error: FilterError; clearHref: string; clearWords: string }) {
  return (
    <p className={styles.error} role="alert">
      {FILTER_ERRORS[error]} <a href={clearHref}>{clearWords}</a>
    </p>
  );
}
