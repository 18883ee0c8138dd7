import Link from "next/link";
import { SiteImage } from "@/components/media/site-image";
import styles from "./category-card.module.css";

interface CategoryCardItem {
  label: string;
  image: string;
}

interface CategoryCardProps {
  title: string;
  href: string;
  /** The link under the grid, e.g. "See all electronics". */
  cta: string;
  items: readonly CategoryCardItem[];
}

/**
 * The link's arrow, drawn rather than typed: one character beyond Latin-1 in
 * a page makes its whole HTML a two-byte string, which the server encodes far
 * more slowly on every request (the framework floor's page with one serves
 * about half the requests a second: docs/BENCHMARKS.md §10).
 */
function ArrowIcon() {
  return (
    <svg className={styles.arrow} width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 8h11M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A fixed home card: a title and four pictured items, all linking to one category page. */
export function CategoryCard({ title, href, cta, items }: CategoryCardProps) {
  return (
    <Link href={href} className={styles.card}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.label} className={styles.item}>
            <SiteImage
              src={item.image}
              alt=""
              width={400}
              height={400}
              sizes="(max-width: 600px) 45vw, (max-width: 1024px) 23vw, 140px"
              className={styles.image}
            />
            <span className={styles.label}>{item.label}</span>
          </li>
        ))}
      </ul>
      <span className={styles.cta}>
        {cta} <ArrowIcon />
      </span>
    </Link>
  );
}
