import { pageLinks } from "@/lib/catalog/listing-pages";
import styles from "./page-links.module.css";

interface PageLinksProps {
  /** The address of page n of the view shown (a category's: listingHref; a search's: searchViewHref). */
  href: (page: number) => string;
  page: number;
  pageCount: number;
}

/**
 * Links to a listing's other pages (lib/catalog/listing-pages.ts): previous,
 * the numbers around this one, next. Plain links, document loads: crawlers
 * follow them, they work without JavaScript, and each page is a cached page
 * served by its own address. Nothing on a single page.
 * A page past the last (deletions emptied it) links back to the last.
 */
export function PageLinks({ href, page, pageCount }: PageLinksProps) {
  if (pageCount <= 1) return null;
  const shown = Math.min(page, pageCount);
  return (
    <nav aria-label="Pages" className={styles.nav}>
      <ul className={styles.list}>
        {page > 1 ? (
          <li>
            <a href={href(Math.min(page - 1, pageCount))} rel="prev" className={styles.link}>
              Previous
            </a>
          </li>
        ) : null}
        {pageLinks(shown, pageCount).map((n, i) => (
          <li key={n === "gap" ? `gap-${i}` : n}>
            {n === "gap" ? (
              // Three dots, not U+2026: a cached page keeps to Latin-1 (tests/e2e/html-validity.spec.ts says why).
              <span className={styles.gap}>...</span>
            ) : (
              <a
                href={href(n)}
                className={styles.link}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n.toLocaleString("en-US")}`}
              >
                {n.toLocaleString("en-US")}
              </a>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <a href={href(page + 1)} rel="next" className={styles.link}>
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
