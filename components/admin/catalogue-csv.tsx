"use client";

import { useActionState, useEffect, useRef } from "react";
import type { CatalogueImportResult } from "@/lib/admin/catalogue-import";
import styles from "./csv-forms.module.css";

/** The products page's "use server" action (lib/admin/catalogue-import-actions.ts), passed down by the page. */
type ImportAction = (previous: CatalogueImportResult | null, form: FormData) => Promise<CatalogueImportResult>;

/**
 * The catalogue as a CSV file: a link that downloads it, and a form that
 * imports one (lib/admin/catalogue-import.ts). The form posts the file to
 * the server action, with or without JavaScript; the answer says how many
 * products were imported, or lists each row to fix with its line. With
 * JavaScript, a file over the limit is refused before it is sent.
 */
export function CatalogueCsv({ action, maxBytes }: { action: ImportAction; maxBytes: number }) {
  const [state, formAction, pending] = useActionState<CatalogueImportResult | null, FormData>(action, null);
  const answer = useRef<HTMLDivElement>(null);
  const limit = `${maxBytes / 1024 / 1024} MB`;

  useEffect(() => {
    if (state) answer.current?.focus();
  }, [state]);

  return (
    <section className={styles.section} aria-labelledby="catalogue-csv-title">
      <h2 id="catalogue-csv-title" className={styles.title}>
        The catalogue as CSV
      </h2>
      <p>
        <a href="/admin-entry/products.csv" download>
          Download the catalogue (CSV)
        </a>
        : every product with its images and their alt text, for a spreadsheet. It imports back unchanged. Stock is not in it: set it on each
        product&apos;s page.
      </p>
      <form action={formAction} className={styles.form} aria-label="Import products">
        <label htmlFor="catalogue">Import products from a CSV file</label>
        <input
          id="catalogue"
          name="catalogue"
          type="file"
          accept=".csv,text/csv"
          required
          aria-describedby="catalogue-hint"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.setCustomValidity(file && file.size > maxBytes ? `A file may be at most ${limit}.` : "");
          }}
        />
        <p id="catalogue-hint" className={styles.hint}>
          The columns of the download; at most {limit}. A product whose id is in the catalogue is replaced, any other is added, none is
          deleted. A file with any row to fix imports nothing.
        </p>
        <button type="submit" className={styles.button} disabled={pending}>
          {pending ? "Importing…" : "Import"}
        </button>
      </form>
      <div ref={answer} tabIndex={-1} role="status" aria-live="polite" data-testid="catalogue-import-answer" className={styles.answer}>
        {state?.ok ? <p className={styles.done}>{state.message}</p> : null}
        {state && !state.ok ? (
          <>
            <p className={styles.error}>{state.error}</p>
            {state.rejects.length > 0 ? (
              <ul className={styles.rejects}>
                {state.rejects.map((reject) => (
                  <li key={`${reject.line}:${reject.reason}`}>
                    Line {reject.line}: {reject.reason}
                  </li>
                ))}
              </ul>
            ) : null}
            {state.moreRejects > 0 ? <p>… and {state.moreRejects.toLocaleString("en-US")} more.</p> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
